// When a block of a function's CFG runs, and when the function returns
// without running some blocks, as formulas over its branch conditions.
//
// The CFG is read as one normal iteration of the model:
// - a path that ends in `throw`, TORCH_CHECK's or assert's failure, or a call
//   to a [[noreturn]] function does not finish the iteration: it is dropped;
//   a `throw` inside a try only when every handler that may catch it throws
//   again (`catch (...) { log(); throw; }`);
// - loops are not conditions: a `for`/`while` body runs (for every element of
//   a fixed container), then the loop exits;
// - a branch inside a loop that reads only the loop's index (`if (i == 0)`)
//   takes each side on some iteration: a block on either side runs.
#pragma once

#include "flow/ConditionAtoms.h"
#include "index/ModelIndex.h"

#include "clang/AST/ParentMap.h"
#include "clang/Analysis/CFG.h"

#include <map>
#include <set>
#include <vector>

namespace nnlint {

class PathConditions {
 public:
  PathConditions(const clang::CFG &cfg, const clang::Stmt *body, AtomBuilder &atoms, clang::ParentMap &parents);

  // False when the CFG has a cycle that is not a loop statement (goto): then
  // nothing is known and callers treat every use as unconditional.
  bool ok() const { return ok_; }
  // When the function returns normally without running any of `blocks`.
  Condition skipping(const std::set<const clang::CFGBlock *> &blocks) const;
  // When `block` runs.
  Condition reaching(const clang::CFGBlock *block) const;

 private:
  struct Edge {
    const clang::CFGBlock *to;
    Condition when;
  };
  std::map<const clang::CFGBlock *, Condition> propagate(const std::set<const clang::CFGBlock *> &blocked) const;
  void findMustThrow(const clang::CFG &cfg, const clang::Stmt *body);
  void addEdges(const clang::CFGBlock *b, AtomBuilder &atoms, clang::ParentMap &parents);
  std::set<const clang::VarDecl *> loopIndexesAround(const clang::Stmt *s, clang::ParentMap &parents) const;

  bool ok_ = true;
  const clang::CFGBlock *entry_ = nullptr;
  const clang::CFGBlock *exit_ = nullptr;
  std::set<const clang::CFGBlock *> mustThrow_;
  std::set<std::pair<const clang::CFGBlock *, const clang::CFGBlock *>> backEdges_;
  std::map<const clang::CFGBlock *, std::vector<Edge>> edges_;
  std::vector<const clang::CFGBlock *> order_;  // topological, over edges_
  std::map<const clang::Stmt *, std::set<const clang::VarDecl *>> loopIndexes_;  // loop -> its index variables
  std::vector<std::string> dispatchAtoms_;  // atoms of index dispatches, quantified away
  Condition finishing_;  // when the iteration returns normally
  Condition dispatchAtom();  // a fresh atom for one side of an index dispatch
  // `c` for every (`every`) or for some side of each index dispatch.
  Condition quantify(Condition c, bool every) const;
};

}  // namespace nnlint
