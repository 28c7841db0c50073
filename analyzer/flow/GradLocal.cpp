#include "flow/GradLocal.h"

#include "flow/AstUtil.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

bool refersTo(const Expr *e, const VarDecl *v) {
  const auto *ref = e ? dyn_cast<DeclRefExpr>(stripCopies(e)) : nullptr;
  return ref && ref->getDecl() == v;
}

// Anything the body does to the local besides reading it: registering it,
// assigning it, changing its grad flag.
struct OtherUses : RecursiveASTVisitor<OtherUses> {
  const VarDecl *var;
  bool found = false;
  bool VisitCallExpr(CallExpr *call) {
    if (registrationKind(call) && call->getNumArgs() >= 2 && refersTo(call->getArg(1), var)) found = true;
    std::string name = calleeName(call);
    bool flag = name == "requires_grad_" || name == "set_requires_grad" || name == "detach_";
    if (flag && refersTo(callObject(call), var)) found = true;
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->isAssignmentOp() && refersTo(op->getArg(0), var))
      found = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp() && refersTo(op->getLHS(), var)) found = true;
    return true;
  }
};

}  // namespace

bool isUnregisteredGradLocal(const Expr *value, const FunctionDecl *fd) {
  const auto *ref = value ? dyn_cast<DeclRefExpr>(stripCopies(value)) : nullptr;
  const auto *v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!v || !v->hasLocalStorage() || isa<ParmVarDecl>(v) || !v->hasInit() || !createsGradTensor(v->getInit()) ||
      v->getType()->isReferenceType() || !fd->getBody())
    return false;
  OtherUses uses;
  uses.var = v;
  uses.TraverseStmt(fd->getBody());
  return !uses.found;
}

}  // namespace nnlint
