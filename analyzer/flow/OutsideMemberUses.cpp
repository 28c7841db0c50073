#include "flow/OutsideMemberUses.h"

#include "flow/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

bool isOwnCode(const FunctionDecl *fd, const CXXRecordDecl *owner) {
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  const CXXRecordDecl *from = md ? md->getParent() : nullptr;
  if (!from || !from->hasDefinition()) return false;
  from = from->getDefinition();
  owner = owner->getCanonicalDecl();
  return from->getCanonicalDecl() == owner || from->isDerivedFrom(owner);
}

struct FieldNames : RecursiveASTVisitor<FieldNames> {
  const FunctionDecl *fd;
  ModelIndex &index;
  FieldNames(const FunctionDecl *f, ModelIndex &i) : fd(f), index(i) {}

  bool VisitMemberExpr(MemberExpr *me) {
    const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
    const auto *owner = field ? dyn_cast<CXXRecordDecl>(field->getParent()) : nullptr;
    if (!owner || !isModuleClass(owner) || isOwnCode(fd, owner)) return true;
    auto it = index.classes.find(classKey(owner));
    if (it != index.classes.end()) it->second.membersUsedOutside.insert(field->getNameAsString());
    return true;
  }
};

}  // namespace

void recordOutsideMemberUses(const FunctionDecl *fd, ModelIndex &index) {
  FieldNames names(fd, index);
  names.TraverseStmt(fd->getBody());
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    for (const CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten()) names.TraverseStmt(init->getInit());
}

}  // namespace nnlint
