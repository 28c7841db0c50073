#include "flow/ParameterWrites.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  Finder(const CXXMethodDecl *method, ASTContext &ctx) : method_(method), ctx_(ctx) {}

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->getOpcode() == BO_Assign) assignment(op->getLHS(), op->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if (op->getOperator() == OO_Equal && op->getNumArgs() == 2) assignment(op->getArg(0), op->getArg(1));
    return true;
  }

  std::vector<ParameterWriteFact> writes;

 private:
  void assignment(const Expr *lhs, const Expr *rhs) {
    // The field itself, as an lvalue: `lin->weight[0] = v` copies into it instead.
    const auto *field = dyn_cast<MemberExpr>(lhs->IgnoreParenImpCasts());
    if (!field || !isa<FieldDecl>(field->getMemberDecl()) || !isTensorType(field->getType())) return;
    if (asRegistration(rhs)) return;
    const auto *owner = dyn_cast<CXXRecordDecl>(field->getMemberDecl()->getDeclContext());
    if (!owner || !isModuleClass(owner)) return;
    // `lin->weight` (holder ->) or `lin.weight` (module held by value): `lin` is a member of this class.
    const Expr *base = stripCopies(field->getBase());
    if (const auto *arrow = dyn_cast<CXXOperatorCallExpr>(base); arrow && arrow->getOperator() == OO_Arrow)
      base = stripCopies(arrow->getArg(0));
    const auto *member = dyn_cast<MemberExpr>(base);
    if (!member || !isa<FieldDecl>(member->getMemberDecl()) ||
        !isa<CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()))
      return;
    ParameterWriteFact w;
    w.member = member->getMemberDecl()->getNameAsString();
    w.field = field->getMemberDecl()->getNameAsString();
    w.fieldClass = owner->getQualifiedNameAsString();
    w.method = methodName(method_);
    w.loc = toPoint(ctx_.getSourceManager(), field->getBeginLoc());
    writes.push_back(std::move(w));
  }

  const CXXMethodDecl *method_;
  ASTContext &ctx_;
};

}  // namespace

std::vector<ParameterWriteFact> findParameterWrites(const CXXMethodDecl *method, ASTContext &ctx) {
  Finder f(method, ctx);
  if (method->getBody()) f.TraverseStmt(method->getBody());
  return f.writes;
}

}  // namespace nnlint
