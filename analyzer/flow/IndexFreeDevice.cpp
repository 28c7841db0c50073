#include "flow/IndexFreeDevice.h"

#include "flow/AstUtil.h"
#include "flow/LocalFlow.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <vector>

using namespace clang;

namespace nnlint {
namespace {

bool isNamed(QualType t, StringRef name) {
  const auto *rd = t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return rd && rd->getQualifiedNameAsString() == name;
}

bool isDeviceType(QualType t) {
  const auto *e = t.getNonReferenceType().getCanonicalType()->getAs<EnumType>();
  return e && e->getDecl()->getQualifiedNameAsString() == "c10::DeviceType";
}

// What a read of the variable can see: its initialiser and every value
// assigned to it in the function; nothing when it may be changed otherwise
// (set_index(), a non-const reference handed away) or is a parameter.
struct Definitions : RecursiveASTVisitor<Definitions> {
  const ValueDecl *var;
  std::vector<const Expr *> values;
  bool unknown = false;

  static const ValueDecl *named(const Expr *e) {
    e = e->IgnoreParenImpCasts();
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) return ref->getDecl();
    if (const auto *me = dyn_cast<MemberExpr>(e))
      if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return me->getMemberDecl();
    return nullptr;
  }
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp() && named(op->getLHS()) == var) values.push_back(op->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if (op->getOperator() == OO_Equal && op->getNumArgs() == 2 && named(op->getArg(0)) == var)
      values.push_back(op->getArg(1));
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *md = call->getMethodDecl();
    if (md && !md->isConst() && !isa<CXXConversionDecl>(md) && named(call->getImplicitObjectArgument()) == var)
      unknown = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd || isa<CXXOperatorCallExpr>(call)) return true;
    // A library template that forwards its arguments (std::make_shared, TensorOptions::device)
    // takes the device by a non-const reference only to pass it on.
    if (fd->getPrimaryTemplate() && isLibraryDecl(fd)) return true;
    for (unsigned i = 0; i < call->getNumArgs() && i < fd->getNumParams(); ++i) {
      QualType p = fd->getParamDecl(i)->getType();
      if (p->isReferenceType() && !p.getNonReferenceType().isConstQualified() && named(call->getArg(i)) == var)
        unknown = true;
    }
    return true;
  }
};

bool indexFree(const Expr *e, const FunctionDecl *fd, int depth);

bool allIndexFree(const ValueDecl *var, const FunctionDecl *fd, int depth) {
  if (isa<ParmVarDecl>(var) || !fd->hasBody()) return false;
  Definitions defs;
  defs.var = var;
  if (const auto *v = dyn_cast<VarDecl>(var)) {
    if (!v->hasLocalStorage()) return false;
    if (v->getInit()) defs.values.push_back(v->getInit());
  }
  defs.TraverseStmt(fd->getBody());
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    for (const CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten() && init->getMember() == var) defs.values.push_back(init->getInit());
  if (defs.unknown || defs.values.empty()) return false;
  for (const Expr *value : defs.values)
    if (!indexFree(value, fd, depth + 1)) return false;
  return true;
}

// torch::Device(args...) or std::make_shared<torch::Device>(args...).
bool constructedIndexFree(ArrayRef<const Expr *> args, const FunctionDecl *fd, int depth) {
  std::vector<const Expr *> given;
  for (const Expr *a : args)
    if (!isa<CXXDefaultArgExpr>(a)) given.push_back(a);
  if (given.size() != 1) return false;
  if (std::optional<std::string> text = literalString(given[0])) return text->find(':') == std::string::npos;
  return indexFree(given[0], fd, depth);
}

bool indexFree(const Expr *e, const FunctionDecl *fd, int depth) {
  if (!e || depth > 4) return false;
  e = stripCopies(e);
  if (const auto *cleanups = dyn_cast<ExprWithCleanups>(e)) e = stripCopies(cleanups->getSubExpr());
  if (isDeviceType(e->getType())) return true;
  if (const auto *c = dyn_cast<ConditionalOperator>(e))
    return indexFree(c->getTrueExpr(), fd, depth) && indexFree(c->getFalseExpr(), fd, depth);
  if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
    if (!isNamed(c->getType(), "c10::Device")) return false;
    return constructedIndexFree(ArrayRef<const Expr *>(c->getArgs(), c->getNumArgs()), fd, depth);
  }
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    const FunctionDecl *callee = call->getDirectCallee();
    bool makeShared = callee && callee->getQualifiedNameAsString() == "std::make_shared" &&
                      callee->getTemplateSpecializationArgs() &&
                      isNamed(callee->getTemplateSpecializationArgs()->get(0).getAsType(), "c10::Device");
    if (makeShared) return constructedIndexFree(ArrayRef<const Expr *>(call->getArgs(), call->getNumArgs()), fd, depth);
    // `*device` through shared_ptr's operator*.
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call))
      if (op->getOperator() == OO_Star && op->getNumArgs() == 1) return indexFree(op->getArg(0), fd, depth);
    return false;
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e))
    return u->getOpcode() == UO_Deref && indexFree(u->getSubExpr(), fd, depth);
  if (const ValueDecl *var = Definitions::named(e)) return allIndexFree(var, fd, depth);
  return false;
}

}  // namespace

bool isIndexFreeDevice(const Expr *device, const FunctionDecl *fd) { return indexFree(device, fd, 0); }

}  // namespace nnlint
