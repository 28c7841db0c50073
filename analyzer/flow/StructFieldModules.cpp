#include "flow/StructFieldModules.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

// A field of `this` whose type is a struct of the user's, not a module, a
// holder or a standard container: `heads` in `this->heads.box`.
const FieldDecl *structMember(const Expr *e) {
  const auto *me = dyn_cast<MemberExpr>(e->IgnoreParenImpCasts());
  if (!me || !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return nullptr;
  const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
  const CXXRecordDecl *rd = field ? definitionOf(field->getType()) : nullptr;
  if (!rd || rd->isInStdNamespace() || isa<ClassTemplateSpecializationDecl>(rd) || isModuleClass(rd)) return nullptr;
  auto held = classifyMemberType(field->getType());
  return held && held->kind == HoldKind::Container ? field : nullptr;
}

// A module field of a struct member: `heads.box` (a holder or shared_ptr).
struct FieldUse {
  const FieldDecl *member = nullptr;
  const FieldDecl *field = nullptr;
};
std::optional<FieldUse> fieldUse(const Expr *e) {
  const auto *me = dyn_cast<MemberExpr>(stripValue(e));
  if (!me || me->isArrow()) return std::nullopt;
  const FieldDecl *member = structMember(me->getBase());
  const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
  if (!member || !field) return std::nullopt;
  auto held = classifyMemberType(field->getType());
  if (!held || (held->kind != HoldKind::Holder && held->kind != HoldKind::SharedPtr)) return std::nullopt;
  return FieldUse{member, field};
}

// `Linear(8, 4)`, `std::make_shared<LinearImpl>(8, 4)`: a module made here.
bool makesModule(const Expr *e) {
  e = stripValue(e);
  if (const auto *c = dyn_cast<CXXConstructExpr>(e)) return c->getNumArgs() > 0 && !isNullValue(c);
  if (const auto *call = dyn_cast<CallExpr>(e))
    if (const FunctionDecl *fd = call->getDirectCallee())
      return fd->getQualifiedNameAsString() == "std::make_shared" && moduleImplOf(call->getType());
  return false;
}

struct Walker : RecursiveASTVisitor<Walker> {
  std::vector<StructFieldFact> facts;
  const FunctionDecl *fd;
  std::string method;
  ParentMap parents;

  explicit Walker(const FunctionDecl *f) : fd(f), method(methodName(f)), parents(f->getBody()) {}

  void add(const FieldUse &u, StructFieldUse what, const Expr *at) {
    StructFieldFact f;
    f.member = u.member->getNameAsString();
    if (u.field) {
      f.field = u.field->getNameAsString();
      f.type = u.field->getType().getAsString(fd->getASTContext().getPrintingPolicy());
      if (auto held = classifyMemberType(u.field->getType())) f.moduleClass = held->moduleClass;
    }
    f.use = what;
    f.method = method;
    f.loc = toPoint(fd->getASTContext().getSourceManager(), at->getBeginLoc());
    facts.push_back(std::move(f));
  }

  bool VisitMemberExpr(MemberExpr *me) {
    // The struct member itself, used other than through one of its fields:
    // passed whole, assigned whole, its address taken. Anything may happen to
    // every field there.
    if (const FieldDecl *member = structMember(me)) {
      const Stmt *parent = parents.getParentIgnoreParenImpCasts(me);
      const auto *outer = dyn_cast_or_null<MemberExpr>(parent);
      if (!outer || outer->getBase()->IgnoreParenImpCasts() != me) add({member, nullptr}, StructFieldUse::Escapes, me);
      return true;
    }
    std::optional<FieldUse> use = fieldUse(me);
    if (!use) return true;
    const Stmt *parent = parents.getParentIgnoreParenImpCasts(me);
    // Through copies and conversions to what uses the value.
    while (parent && (isa<MaterializeTemporaryExpr>(parent) || isa<CXXConstructExpr>(parent) ||
                      isa<CXXBindTemporaryExpr>(parent) || isa<CXXFunctionalCastExpr>(parent)))
      parent = parents.getParentIgnoreParenImpCasts(const_cast<Stmt *>(parent));
    if (const auto *op = dyn_cast_or_null<CXXOperatorCallExpr>(parent)) {
      if (op->getOperator() == OO_Equal && op->getNumArgs() == 2 && stripValue(op->getArg(0)) == me) {
        if (asRegistration(op->getArg(1))) add(*use, StructFieldUse::Registered, me);
        else if (makesModule(op->getArg(1))) add(*use, StructFieldUse::AssignedFresh, me);
        else if (!isNullValue(op->getArg(1))) add(*use, StructFieldUse::Escapes, me);
        return true;
      }
      // Running it: `heads.box(x)`, `heads.box->forward(x)`.
      if (op->getOperator() == OO_Call || op->getOperator() == OO_Arrow || op->getOperator() == OO_Star) return true;
    }
    if (const auto *call = dyn_cast_or_null<CallExpr>(parent)) {
      if (registrationKind(call)) {
        add(*use, StructFieldUse::Registered, me);
        return true;
      }
      if (callObject(call) && stripValue(callObject(call)) == me) return true;  // a method of the holder
      add(*use, StructFieldUse::Escapes, me);  // given to a function: it may register it
      return true;
    }
    // Copied into a local, a container, a return value: followed no further.
    if (!isa_and_nonnull<MemberExpr>(parent) && !isa_and_nonnull<CXXOperatorCallExpr>(parent))
      add(*use, StructFieldUse::Escapes, me);
    return true;
  }
};

}  // namespace

std::vector<StructFieldFact> findStructFieldUses(const FunctionDecl *fd) {
  if (!fd->getBody()) return {};
  Walker w(fd);
  w.TraverseStmt(fd->getBody());
  return std::move(w.facts);
}

}  // namespace nnlint
