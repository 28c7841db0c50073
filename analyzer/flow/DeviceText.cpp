#include "flow/DeviceText.h"

#include "flow/TorchCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace nnlint {

DeviceText::DeviceText(const FunctionDecl *fd, ASTContext &ctx) : fd_(fd), ctx_(ctx), parents_(fd->getBody()) {}

std::string DeviceText::inFunction(const Expr *device, const Stmt *at) {
  return valid(device, at) ? writtenText(device, ctx_) : "";
}

std::string DeviceText::inClass(const Expr *device) { return valid(device, nullptr) ? writtenText(device, ctx_) : ""; }

bool DeviceText::valid(const Expr *device, const Stmt *at) {
  struct Walk : RecursiveASTVisitor<Walk> {
    DeviceText &self;
    const Stmt *at;
    bool ok = true;
    Walk(DeviceText &s, const Stmt *a) : self(s), at(a) {}
    bool VisitCallExpr(CallExpr *) { return ok = false; }
    bool VisitLambdaExpr(LambdaExpr *) { return ok = false; }
    bool VisitMemberExpr(MemberExpr *me) {
      ok &= isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) && isa<CXXMethodDecl>(self.fd_);
      return ok;
    }
    bool VisitDeclRefExpr(DeclRefExpr *ref) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      if (var && var->hasLocalStorage()) ok &= at && self.inScope(var, at);
      return ok;
    }
  } walk(*this, at);
  walk.TraverseStmt(const_cast<Expr *>(device));
  return walk.ok;
}

bool DeviceText::inScope(const VarDecl *var, const Stmt *at) {
  if (isa<ParmVarDecl>(var)) return var->getDeclContext() == fd_;
  const SourceManager &sm = ctx_.getSourceManager();
  for (const Stmt *s = at; s; s = parents_.getParent(s)) {
    const auto *block = dyn_cast<CompoundStmt>(s);
    if (!block) continue;
    for (const Stmt *child : block->body()) {
      if (!sm.isBeforeInTranslationUnit(child->getBeginLoc(), at->getBeginLoc())) break;
      if (const auto *ds = dyn_cast<DeclStmt>(child))
        for (const Decl *d : ds->decls())
          if (d == var) return true;
    }
  }
  return false;
}

}  // namespace nnlint
