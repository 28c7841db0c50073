// Value flow between the local variables of one function: which leaves
// (members, calls, parameters) an expression's value is computed from.
// Flow-sensitive: a read of a local sees only the definitions that reach it
// on some path of Clang's CFG (ReachingDefs). Values that pass through
// a gradient cut (LibrarySemantics.def: detach(), data(), item(), indices,
// comparisons), C++ numbers, or values computed under a torch::NoGradGuard
// carry no gradient, so a gradient trace stops there.
#pragma once

#include "flow/GradientCuts.h"
#include "flow/ReachingDefs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nnlint {

class LocalFlow {
 public:
  LocalFlow(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

  // A leaf of a value: any expression that is not a local variable, a
  // selection or a cut. `element` is the tuple element, pair member or struct
  // field selected from the leaf's value, if one was. Returning false stops
  // the walk from descending into the leaf's operands.
  using LeafFn = std::function<bool(const clang::Expr *leaf, std::optional<unsigned> element)>;
  // Calls `onLeaf` for the expression itself and every sub-expression and
  // definition its value flows from. With `throughCuts`, the walk also goes
  // through gradient cuts and definitions made under NoGradGuard:
  // where the value comes from, rather than where its gradient comes from.
  void trace(const clang::Expr *e, const LeafFn &onLeaf, bool throughCuts = false) const;
  // The same, for element `element` of `e`'s value (a field of a struct argument).
  void traceElement(const clang::Expr *e, std::optional<unsigned> element, const LeafFn &onLeaf,
                    bool throughCuts = false) const;

  // Where a local variable is given an element of a value: `auto [a, b] = f()`,
  // `std::tie(a, b) = f()`, `auto a = std::get<0>(f())`.
  struct ElementBinding {
    const clang::Expr *value;
    unsigned element;
    const clang::NamedDecl *var;
  };
  const std::vector<ElementBinding> &elementBindings() const { return bindings_; }

  // The values a function returns, split into elements when it returns a
  // brace list, make_tuple/make_pair, or a local struct filled field by field.
  std::vector<std::vector<const clang::Expr *>> returnedElements() const;
  // The values a function stores under each constant key of the torch::Dict
  // or std::map local it returns; empty when a key is not a constant, the
  // container does not start empty, or it is changed in another way.
  std::vector<std::pair<std::string, std::vector<const clang::Expr *>>> returnedKeys() const;

  // One definition of a local variable.
  struct Def {
    const clang::Decl *var;
    const clang::Expr *value;
    std::optional<unsigned> element;  // the variable is this element of `value`
    std::optional<unsigned> field;    // `value` is written into this field of the variable
    bool noGrad;                      // made under NoGradGuard / InferenceMode
    bool kills;                       // replaces the variable's value
  };
  const std::vector<Def> &defs() const { return defs_; }

  // Whether a statement runs under a NoGradGuard / InferenceMode of this function.
  bool underNoGrad(const clang::Stmt *s) const;
  // The guard's declaration whose scope holds `s`, or null.
  const clang::VarDecl *noGradGuardOf(const clang::Stmt *s) const;

  // Statements whose value is discarded (expression statements).
  const std::set<const clang::Expr *> &discarded() const { return discarded_; }
  // Whether a statement defines a local (an assignment to one, a mutating call on one).
  bool definesLocal(const clang::Stmt *s) const { return definingSites_.count(s) != 0; }

 private:
  void collect();
  void traceInto(const clang::Expr *e, std::optional<unsigned> element, const LeafFn &onLeaf, bool throughCuts,
                 std::set<std::pair<unsigned, int>> &seen) const;
  std::vector<unsigned> defsReaching(const clang::Expr *read) const;

  const clang::FunctionDecl *fd_;
  clang::ASTContext &ctx_;
  std::vector<Def> defs_;
  std::vector<const void *> sites_;
  std::set<const void *> definingSites_;
  std::map<const clang::Decl *, std::vector<unsigned>> defsOf_;
  std::unique_ptr<ReachingDefs> reaching_;
  std::vector<ElementBinding> bindings_;
  std::vector<std::pair<clang::SourceRange, const clang::VarDecl *>> noGradRanges_;
  std::vector<const clang::ReturnStmt *> returns_;
  std::set<const clang::Expr *> discarded_;
};

// The index of field `name` in a record, or nullopt.
std::optional<unsigned> fieldIndex(clang::QualType record, const std::string &name);

// A method of at::Tensor or at::TensorBase.
bool isTensorMethod(const clang::FunctionDecl *fd);

// Declared in namespace std, at, c10 or torch.
bool isLibraryDecl(const clang::Decl *d);

// The local variable (not a reference) an lvalue writes into: `y`, `outs[i]`,
// `st.field`, `y.index({...})`; null when it writes anywhere else.
const clang::Decl *writtenLocal(const clang::Expr *lhs);

}  // namespace nnlint
