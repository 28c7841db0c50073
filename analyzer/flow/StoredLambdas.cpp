#include "flow/StoredLambdas.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace nnlint {

const LambdaExpr *lambdaBehind(const Expr *callable) {
  const Expr *e = callable;
  for (int depth = 0; e && depth < 8; ++depth) {
    e = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *l = dyn_cast<LambdaExpr>(e)) return l;
    if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(e)) {
      e = cast->getSubExpr();
    } else if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      // std::function's converting (or copy) constructor: what it is made from.
      e = c->getNumArgs() == 1 ? c->getArg(0) : nullptr;
    } else if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      e = var && var->hasLocalStorage() && !isa<ParmVarDecl>(var) ? var->getInit() : nullptr;
    } else if (const auto *me = dyn_cast<MemberExpr>(e)) {
      // A member made from a lambda in its default initialiser.
      const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
      e = field ? field->getInClassInitializer() : nullptr;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

}  // namespace nnlint
