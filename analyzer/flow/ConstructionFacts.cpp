// Where the run constructs its module classes, and which arguments are the
// constant true: what decides a flag that a constructor takes from its
// parameters (FlagParams.h), such as a dropout's training switch.
#include "flow/CallSiteFacts.h"

#include "flow/AstUtil.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

struct ConstructionVisitor : RecursiveASTVisitor<ConstructionVisitor> {
  ASTContext &ctx;
  const SourceFilter &filter;
  const FunctionDecl *fd;
  std::vector<CallSiteFact> &out;

  ConstructionVisitor(ASTContext &c, const SourceFilter &f, const FunctionDecl *function, std::vector<CallSiteFact> &o)
      : ctx(c), filter(f), fd(function), out(o) {}

  // A user module class: its Impl, for a holder, a shared_ptr or the Impl itself.
  const CXXRecordDecl *userModule(QualType t) const {
    const CXXRecordDecl *impl = moduleImplOf(t);
    if (!impl || filter.isLibrary(ctx.getSourceManager(), impl->getLocation())) return nullptr;
    return impl;
  }

  void record(const CXXRecordDecl *impl, SourceLocation at, llvm::ArrayRef<const Expr *> args) {
    CallSiteFact f;
    f.kind = CallSiteKind::ModuleConstructed;
    f.loc = toPoint(ctx.getSourceManager(), at);
    f.function = fd->getQualifiedNameAsString();
    f.moduleClass = classKey(impl);
    for (const Expr *arg : args) {
      if (isa<CXXDefaultArgExpr>(arg)) break;  // the defaults are the constructor's (FlagParamFact)
      if (constantBool(arg, ctx) == std::optional<bool>(true)) f.trueArgs.push_back(f.argCount);
      ++f.argCount;
    }
    out.push_back(std::move(f));
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *e) {
    const CXXConstructorDecl *ctor = e->getConstructor();
    if (!ctor || ctor->isCopyOrMoveConstructor()) return true;
    // A holder made from a pointer to a module that exists (`Stem(ptr)`, what
    // register_module() returns) is a conversion, not a new module.
    if (e->getNumArgs() == 1 && moduleImplOf(e->getArg(0)->getType())) return true;
    if (const CXXRecordDecl *impl = userModule(e->getType()))
      record(impl, e->getBeginLoc(), llvm::ArrayRef(e->getArgs(), e->getNumArgs()));
    return true;
  }

  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->isInStdNamespace() || !callee->getDeclName().isIdentifier() ||
        callee->getName() != "make_shared")
      return true;
    if (const CXXRecordDecl *impl = userModule(call->getType()))
      record(impl, call->getBeginLoc(), llvm::ArrayRef(call->getArgs(), call->getNumArgs()));
    return true;
  }
};

}  // namespace

void collectConstructionFacts(const FunctionDecl *fd, ASTContext &ctx, const SourceFilter &filter,
                              std::vector<CallSiteFact> &out) {
  ConstructionVisitor(ctx, filter, fd, out).TraverseStmt(fd->getBody());
}

}  // namespace nnlint
