#include "flow/MethodPointers.h"

#include "flow/AstUtil.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

const FieldDecl *pointerField(const Expr *e) {
  const auto *me = dyn_cast_or_null<MemberExpr>(e ? e->IgnoreParenImpCasts() : nullptr);
  const auto *f = me ? dyn_cast<FieldDecl>(me->getMemberDecl()) : nullptr;
  return f && f->getType()->isMemberFunctionPointerType() ? f : nullptr;
}

bool isThisObject(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) e = u->getSubExpr()->IgnoreParenImpCasts();
  return isa<CXXThisExpr>(e);
}

// The own methods of `owner` that a value may point to; kUnknownElement for anything else.
void addTargets(const Expr *e, const CXXRecordDecl *owner, std::set<std::string> &out) {
  e = e->IgnoreParenImpCasts();
  if (const auto *c = dyn_cast<ConditionalOperator>(e)) {
    addTargets(c->getTrueExpr(), owner, out);
    addTargets(c->getFalseExpr(), owner, out);
    return;
  }
  if (const auto *il = dyn_cast<InitListExpr>(e); il && il->getNumInits() <= 1) {
    if (il->getNumInits() == 1) addTargets(il->getInit(0), owner, out);
    return;
  }
  if (isa<CXXNullPtrLiteralExpr>(e) || isa<GNUNullExpr>(e) || isa<ImplicitValueInitExpr>(e)) return;
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf)
    if (const auto *dre = dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParens()))
      if (const auto *md = dyn_cast<CXXMethodDecl>(dre->getDecl());
          md && md->getParent()->getCanonicalDecl() == owner->getCanonicalDecl() && !md->isVirtual()) {
        out.insert(methodName(md));
        return;
      }
  out.insert(kUnknownElement);
}

class PointerUses : public RecursiveASTVisitor<PointerUses> {
 public:
  PointerUses(ModelIndex &index, MethodFact *method) : index_(index), method_(method) {}

  void initialise(const FieldDecl *f, const Expr *value) {
    if (std::set<std::string> *t = targetsOf(f)) addTargets(value, cast<CXXRecordDecl>(f->getParent()), *t);
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->getOpcode() == BO_Assign) {
      if (const FieldDecl *f = pointerField(op->getLHS())) {
        followed_.insert(op->getLHS()->IgnoreParenImpCasts());
        initialise(f, op->getRHS());
      }
    } else if (op->isPtrMemOp() && op->getRHS()->getType()->isMemberFunctionPointerType()) {
      if (!isThisObject(op->getLHS()) || !method_) return true;
      const FieldDecl *f = pointerField(op->getRHS());
      const auto *me = f ? dyn_cast<MemberExpr>(op->getRHS()->IgnoreParenImpCasts()) : nullptr;
      if (me && isThisObject(me->getBase())) method_->methodPointerCalls.insert(f->getNameAsString());
      else method_->usesAllParameters = true;  // a pointer held elsewhere: any method
    }
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *c) {
    if (c->getCastKind() == CK_LValueToRValue) followed_.insert(c->getSubExpr()->IgnoreParens());
    return true;
  }

  // Any other use (`&mix_`, a reference bound to it) may change it unseen.
  bool VisitMemberExpr(MemberExpr *me) {
    if (const FieldDecl *f = pointerField(me); f && !followed_.count(me))
      if (std::set<std::string> *t = targetsOf(f)) t->insert(kUnknownElement);
    return true;
  }

 private:
  std::set<std::string> *targetsOf(const FieldDecl *f) {
    auto it = index_.classes.find(classKey(cast<CXXRecordDecl>(f->getParent())));
    return it == index_.classes.end() ? nullptr : &it->second.methodPointerTargets[f->getNameAsString()];
  }

  ModelIndex &index_;
  MethodFact *method_;
  std::set<const Expr *> followed_;
};

}  // namespace

void recordMethodPointers(const FunctionDecl *fd, ModelIndex &index, MethodFact *method) {
  PointerUses uses(index, method);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    for (const CXXCtorInitializer *init : ctor->inits())
      if (const FieldDecl *f = init->getMember(); f && init->isWritten() && f->getType()->isMemberFunctionPointerType())
        uses.initialise(f, init->getInit());
  uses.TraverseStmt(fd->getBody());
}

void recordMethodPointerInits(const CXXRecordDecl *rd, ClassFact &c) {
  for (const FieldDecl *f : rd->fields()) {
    if (!f->getType()->isMemberFunctionPointerType()) continue;
    std::set<std::string> &t = c.methodPointerTargets[f->getNameAsString()];
    if (const Expr *init = f->getInClassInitializer()) addTargets(init, rd, t);
  }
}

}  // namespace nnlint
