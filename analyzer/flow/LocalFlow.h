// Flow-insensitive value flow between the local variables of one function:
// which leaves (members, calls) an expression's value is computed from.
// Values that pass through detach(), data(), item() or are computed under a
// torch::NoGradGuard carry no gradient, so the flow stops there.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace nnlint {

class LocalFlow {
 public:
  LocalFlow(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

  // A leaf of a value: any expression that is not a local variable, a
  // selection or a cut. `element` is the tuple element, pair member or struct
  // field selected from the leaf's value, if one was.
  using LeafFn = std::function<void(const clang::Expr *leaf, std::optional<unsigned> element)>;
  // Calls `onLeaf` for the expression itself and every sub-expression and
  // definition its value flows from; `onLeaf` returning is all it does, the
  // walk continues into the leaf's operands.
  void trace(const clang::Expr *e, const LeafFn &onLeaf) const;

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

 private:
  struct Def {
    const clang::Expr *value;
    std::optional<unsigned> element;
    bool noGrad;
  };
  void collect();
  bool underNoGrad(const clang::Stmt *s) const;
  void traceInto(const clang::Expr *e, std::optional<unsigned> element, const LeafFn &onLeaf,
                 std::set<std::pair<const clang::Decl *, int>> &seen) const;

  const clang::FunctionDecl *fd_;
  clang::ASTContext &ctx_;
  std::map<const clang::Decl *, std::vector<Def>> defs_;
  std::map<const clang::Decl *, std::map<unsigned, std::vector<const clang::Expr *>>> fieldDefs_;
  std::vector<ElementBinding> bindings_;
  std::vector<clang::SourceRange> noGradRanges_;
  std::vector<const clang::ReturnStmt *> returns_;
};

// The index of field `name` in a record, or nullopt.
std::optional<unsigned> fieldIndex(clang::QualType record, const std::string &name);

}  // namespace nnlint
