#include "flow/EmptinessTests.h"

#include "flow/AstUtil.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

struct Tests : RecursiveASTVisitor<Tests> {
  std::set<std::string> members;

  // The member `e` denotes; `head.get()` denotes `head`.
  void add(const Expr *e) {
    if (const auto *get = dyn_cast<CXXMemberCallExpr>(e->IgnoreParenImpCasts());
        get && get->getNumArgs() == 0 && get->getMethodDecl() && get->getMethodDecl()->getName() == "get")
      e = get->getImplicitObjectArgument();
    const auto *me = dyn_cast_or_null<MemberExpr>(e ? stripValue(e) : nullptr);
    if (me && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) && isa<FieldDecl>(me->getMemberDecl()))
      members.insert(me->getMemberDecl()->getNameAsString());
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *md = call->getMethodDecl();
    if (md && (isa<CXXConversionDecl>(md) ? cast<CXXConversionDecl>(md)->getConversionType()->isBooleanType()
                                          : md->getName() == "is_empty"))
      add(call->getImplicitObjectArgument());
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *c) {
    if (c->getCastKind() == CK_PointerToBoolean) add(c->getSubExpr());
    return true;
  }

  // `p == nullptr`, `nullptr != p`, for raw pointers and smart pointers.
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isEqualityOp()) compared(op->getLHS(), op->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if ((op->getOperator() == OO_EqualEqual || op->getOperator() == OO_ExclaimEqual) && op->getNumArgs() == 2)
      compared(op->getArg(0), op->getArg(1));
    return true;
  }
  void compared(const Expr *a, const Expr *b) {
    if (isa<CXXNullPtrLiteralExpr>(b->IgnoreParenImpCasts())) add(a);
    if (isa<CXXNullPtrLiteralExpr>(a->IgnoreParenImpCasts())) add(b);
  }
};

}  // namespace

std::set<std::string> findEmptinessTests(const FunctionDecl *fd) {
  Tests t;
  t.TraverseStmt(fd->getBody());
  return std::move(t.members);
}

}  // namespace nnlint
