// Reaching definitions of a function's local variables, over Clang's CFG:
// which assignments of a variable may have produced the value that a given
// read of it sees. This is what makes LocalFlow flow-sensitive: in
// `y = fc1(x); y = fc2(x); return y;` the read in `return y` sees only the
// second definition.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/BitVector.h"

#include <map>
#include <vector>

namespace nnlint {

class ReachingDefs {
 public:
  // One definition: the variable it defines, the CFG statement that performs
  // it (a VarDecl for a declaration, else the assignment or call expression),
  // and whether it replaces the variable's value (`y = v`) or adds to it
  // (`y += v`, `y.add_(v)`, `outs.push_back(v)`, `y.field = v`).
  struct Def {
    const clang::Decl *var;
    const void *site;
    bool kills;
  };

  ReachingDefs(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const std::vector<Def> &defs);

  // Indexes (into the `defs` given) of the definitions that reach `read`;
  // null when `read` is not a statement of the CFG (inside a lambda, an
  // unevaluated operand, or when Clang could not build the CFG): the caller
  // must then assume every definition reaches it.
  const llvm::BitVector *reaching(const clang::DeclRefExpr *read) const;

 private:
  std::map<const clang::DeclRefExpr *, llvm::BitVector> reaching_;
};

}  // namespace nnlint
