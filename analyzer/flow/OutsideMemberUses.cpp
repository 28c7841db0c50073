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

// `out << value` on a std::basic_ostream (or a stream derived from one).
bool isStreamInsertion(const CXXOperatorCallExpr *op) {
  if (op->getOperator() != OO_LessLess || op->getNumArgs() != 2) return false;
  const CXXRecordDecl *rd = op->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition()) return false;
  auto isOstream = [](const CXXRecordDecl *r) { return r->getQualifiedNameAsString() == "std::basic_ostream"; };
  return isOstream(rd) || !rd->getDefinition()->forallBases([&](const CXXRecordDecl *base) { return !isOstream(base); });
}

struct FieldNames : RecursiveASTVisitor<FieldNames> {
  const FunctionDecl *fd;
  ModelIndex &index;
  FieldNames(const FunctionDecl *f, ModelIndex &i) : fd(f), index(i) {}

  // What is only printed (`std::cout << net->fc`) can be neither registered
  // nor trained there: only the stream is walked.
  bool TraverseCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if (isStreamInsertion(op)) return TraverseStmt(op->getArg(0));
    return RecursiveASTVisitor::TraverseCXXOperatorCallExpr(op);
  }

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
