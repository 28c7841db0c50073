#include "flow/GradientCuts.h"

#include "flow/LocalFlow.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace nnlint {
namespace {

bool inTopNamespace(const Decl *d, llvm::StringRef ns) {
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *n = dyn_cast<NamespaceDecl>(dc); n && n->getName() == ns && isa<TranslationUnitDecl>(n->getParent()))
      return true;
  return false;
}

bool listedMethod(llvm::StringRef n) {
#define GRADIENT_CUT_METHOD(name, verified) if (n == #name) return true;
#include "flow/GradientCuts.def"
  return false;
}

bool listedFunction(llvm::StringRef n) {
#define GRADIENT_CUT_FUNCTION(name, verified) if (n == #name) return true;
#include "flow/GradientCuts.def"
  return false;
}

bool listedOperator(OverloadedOperatorKind k) {
#define GRADIENT_CUT_OPERATOR(kind, verified) if (k == kind) return true;
#include "flow/GradientCuts.def"
  return false;
}

bool listedScope(llvm::StringRef n) {
#define NO_GRAD_SCOPE(name, verified) if (n == #name) return true;
#include "flow/GradientCuts.def"
  return false;
}

bool takesTensor(const FunctionDecl *fd) {
  if (isTensorMethod(fd)) return true;
  for (const ParmVarDecl *p : fd->parameters())
    if (const CXXRecordDecl *rd = p->getType().getNonReferenceType()->getAsCXXRecordDecl()) {
      std::string q = rd->getQualifiedNameAsString();
      if (q == "at::Tensor" || q == "at::TensorBase") return true;
    }
  return false;
}

}  // namespace

bool isGradientCut(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) return false;
  if (OverloadedOperatorKind k = fd->getOverloadedOperator(); k != OO_None)
    return listedOperator(k) && (isTensorMethod(fd) || inTopNamespace(fd, "at")) && takesTensor(fd);
  if (!fd->getDeclName().isIdentifier()) return false;
  llvm::StringRef n = fd->getName();
  if (isTensorMethod(fd)) return listedMethod(n);
  return !isa<CXXMethodDecl>(fd) && listedFunction(n) && (inTopNamespace(fd, "at") || inTopNamespace(fd, "torch")) &&
         takesTensor(fd);
}

bool isScalarValue(const Expr *e) {
  if (e->isTypeDependent()) return false;
  QualType t = e->getType().getNonReferenceType();
  return t->isArithmeticType() || t->isEnumeralType();
}

bool isNoGradGuard(const VarDecl *v) {
  const CXXRecordDecl *rd = v->getType()->getAsCXXRecordDecl();
  if (!rd || !(inTopNamespace(rd, "c10") || inTopNamespace(rd, "at")) || !rd->getDeclName().isIdentifier() ||
      !listedScope(rd->getName()))
    return false;
  if (rd->getName() != "AutoGradMode") return true;
  if (const auto *c = dyn_cast_or_null<CXXConstructExpr>(v->getInit()); c && c->getNumArgs() == 1)
    if (const auto *b = dyn_cast<CXXBoolLiteralExpr>(c->getArg(0)->IgnoreParenImpCasts())) return !b->getValue();
  return false;
}

}  // namespace nnlint
