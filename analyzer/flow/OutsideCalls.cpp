#include "flow/OutsideCalls.h"

#include "flow/AstUtil.h"
#include "flow/HelperCallees.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

// `loss.backward()` on a tensor, or `torch::autograd::backward({loss})`.
bool callsBackward(const FunctionDecl *fd) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool found = false;
    bool VisitCallExpr(CallExpr *call) {
      if (calleeName(call) != "backward") return true;
      const Expr *obj = callObject(call);
      found |= !obj || isTensorType(obj->getType());
      return !found;
    }
  } finder;
  finder.TraverseStmt(fd->getBody());
  return finder.found;
}

struct CallFinder : RecursiveASTVisitor<CallFinder> {
  ASTContext &ctx;
  const SourceFilter &filter;
  const FunctionDecl *fd;
  const CXXRecordDecl *ownClass = nullptr;  // the module class fd is a method of
  OutsideCallFact proto;
  std::vector<OutsideCallFact> &out;

  CallFinder(ASTContext &c, const SourceFilter &f, const FunctionDecl *function, std::vector<OutsideCallFact> &o)
      : ctx(c), filter(f), fd(function), out(o) {
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd); md && isModuleClass(md->getParent())) {
      ownClass = md->getParent();
      proto.callerClass = classKey(ownClass);
      proto.callerMethod = methodName(fd);
    } else {
      proto.callerMethod = fd->getQualifiedNameAsString();
    }
  }

  bool userModule(const CXXRecordDecl *rd) const {
    return rd && !rd->isLambda() && isModuleClass(rd) &&
           !filter.isLibrary(ctx.getSourceManager(), rd->getLocation());
  }

  void record(const CXXRecordDecl *cls, const std::string &method, SourceLocation at, bool memberUse = false) {
    OutsideCallFact f = proto;
    f.moduleClass = classKey(cls);
    f.method = method;
    f.memberUse = memberUse;
    f.loc = toPoint(ctx.getSourceManager(), at);
    out.push_back(std::move(f));
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *md = call->getMethodDecl();
    if (!md || !md->getDeclName().isIdentifier() || !userModule(md->getParent())) return true;
    // A class calling its own (or an inherited) method on itself is not an outside call.
    if (isa<CXXThisExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts()) && ownClass) return true;
    record(md->getParent(), md->getNameAsString(), call->getBeginLoc());
    return true;
  }

  // An owner reaching past a module's methods to its members
  // (`backbone->features1->forward(x)`) runs only what it names.
  bool VisitMemberExpr(MemberExpr *me) {
    const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
    const auto *cls = field ? dyn_cast<CXXRecordDecl>(field->getParent()) : nullptr;
    if (!userModule(cls)) return true;
    if (ownClass && ownClass->hasDefinition() &&
        (ownClass->getCanonicalDecl() == cls->getCanonicalDecl() || ownClass->getDefinition()->isDerivedFrom(cls)))
      return true;
    record(cls, field->getNameAsString(), me->getMemberLoc(), true);
    return true;
  }

  // `net(x)` on a holder runs the Impl's forward().
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *call) {
    if (call->getOperator() != OO_Call || call->getNumArgs() < 1) return true;
    const CXXRecordDecl *impl = moduleImplOf(call->getArg(0)->getType());
    if (impl && impl->hasDefinition()) impl = impl->getDefinition();
    if (userModule(impl)) record(impl, "forward", call->getBeginLoc());
    return true;
  }
};

}  // namespace

void collectOutsideCalls(const FunctionDecl *fd, ASTContext &ctx, const SourceFilter &filter,
                         std::vector<OutsideCallFact> &out, std::set<std::string> &trainingCallees) {
  if (!fd->getBody()) return;
  CallFinder finder(ctx, filter, fd, out);
  finder.proto.training = callsBackward(fd);
  finder.proto.callerUsr = usrOf(fd->getCanonicalDecl());
  finder.TraverseStmt(fd->getBody());
  if (!finder.proto.training) return;
  struct Callees : RecursiveASTVisitor<Callees> {
    ASTContext &ctx;
    const SourceFilter &filter;
    std::set<std::string> &out;
    Callees(ASTContext &c, const SourceFilter &f, std::set<std::string> &o) : ctx(c), filter(f), out(o) {}
    bool VisitCallExpr(CallExpr *call) {
      // User functions written with a body: implicit declarations (builtins
      // behind macros) are declared lazily, and differ between the parts of
      // a warm session.
      const FunctionDecl *callee = call->getDirectCallee();
      const FunctionDecl *def = callee && !callee->isImplicit() ? callee->getDefinition() : nullptr;
      const SourceManager &sm = ctx.getSourceManager();
      if (def && !filter.isLibrary(sm, callee->getLocation()) && !filter.isLibrary(sm, def->getLocation()))
        out.insert(usrOf(callee->getCanonicalDecl()));
      return true;
    }
  } callees(ctx, filter, trainingCallees);
  callees.TraverseStmt(fd->getBody());
}

}  // namespace nnlint
