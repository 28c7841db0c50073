// Which calls of one function can run before which others, on Clang's CFG.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Analysis/CFG.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <functional>
#include <memory>
#include <utility>

namespace nnlint {

class CallOrder {
 public:
  CallOrder(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

  // True when `before` runs and then, on the same path, `after` runs: in the
  // same block earlier, or in a block from which `after`'s block can be
  // reached (loops included). False for statements the CFG does not hold
  // (lambda bodies, unevaluated operands).
  bool mayPrecede(const clang::Stmt *before, const clang::Stmt *after) const;
  // True when some path runs `from` and then `to` without running any of
  // `blockers` in between.
  bool mayReachAvoiding(const clang::Stmt *from, const clang::Stmt *to,
                        llvm::ArrayRef<const clang::Stmt *> blockers) const;
  // True when some path from the function's entry runs `to` without running
  // any of `blockers` before it (also when `to` is not in the CFG).
  bool mayRunFirst(const clang::Stmt *to, llvm::ArrayRef<const clang::Stmt *> blockers) const;
  // True when every path from `from` to the function's exit runs one of `targets`.
  bool alwaysFollowedBy(const clang::Stmt *from, llvm::ArrayRef<const clang::Stmt *> targets) const;
  // True when every path from the function's entry to `s` takes a branch edge
  // that `guards(condition, value)` accepts (the edge taken when `condition`
  // is `value`). False when `s` is not in the CFG.
  bool onlyPast(const clang::Stmt *s, const std::function<bool(const clang::Expr *, bool)> &guards) const;
  bool holds(const clang::Stmt *s) const { return position_.count(s) != 0; }

 private:
  bool reachable(const clang::CFGBlock *from, const clang::CFGBlock *to) const;
  // From element `index` of `block` on: whether `to` runs before any of `blockers`.
  bool reachesAvoiding(const clang::CFGBlock *block, unsigned index, const clang::Stmt *to,
                       llvm::ArrayRef<const clang::Stmt *> blockers) const;

  std::unique_ptr<clang::CFG> cfg_;
  // Block and element index of every expression the CFG evaluates.
  llvm::DenseMap<const clang::Stmt *, std::pair<const clang::CFGBlock *, unsigned>> position_;
};

}  // namespace nnlint
