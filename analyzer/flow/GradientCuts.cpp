#include "flow/GradientCuts.h"

#include "flow/LibrarySemantics.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace nnlint {

bool isGradientCut(const CallExpr *call) { return libraryEffect(call) == LibraryEffect::CutsGradient; }

bool isScalarValue(const Expr *e) {
  if (e->isTypeDependent()) return false;
  QualType t = e->getType().getNonReferenceType();
  return t->isArithmeticType() || t->isEnumeralType();
}

bool isNoGradGuard(const VarDecl *v) {
  const auto *c = dyn_cast_or_null<CXXConstructExpr>(v->getInit());
  if (!c) return false;
  std::optional<LibraryEffect> effect = libraryEffect(c);
  if (effect == LibraryEffect::DisablesGradient) return true;
  if (effect != LibraryEffect::DisablesGradientIfFalse || c->getNumArgs() != 1) return false;
  const auto *b = dyn_cast<CXXBoolLiteralExpr>(c->getArg(0)->IgnoreParenImpCasts());
  return b && !b->getValue();
}

}  // namespace nnlint
