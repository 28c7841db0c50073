#include "flow/CallSiteFacts.h"

#include "flow/TorchCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace nnlint {

CallSiteFact callSiteFact(CallSiteKind kind, const clang::CallExpr *call, const clang::FunctionDecl *fd,
                          const clang::ASTContext &ctx) {
  CallSiteFact f;
  f.kind = kind;
  f.loc = toPoint(ctx.getSourceManager(), call->getBeginLoc());
  f.function = fd->getQualifiedNameAsString();
  f.callee = qualifiedCallee(call);
  return f;
}

std::vector<const clang::CallExpr *> callsIn(const clang::Stmt *body, bool intoLambdas) {
  struct Calls : clang::RecursiveASTVisitor<Calls> {
    bool intoLambdas;
    std::vector<const clang::CallExpr *> all;
    bool VisitCallExpr(clang::CallExpr *c) {
      all.push_back(c);
      return true;
    }
    bool TraverseLambdaExpr(clang::LambdaExpr *l) {
      return !intoLambdas || RecursiveASTVisitor::TraverseLambdaExpr(l);
    }
  } calls;
  calls.intoLambdas = intoLambdas;
  calls.TraverseStmt(const_cast<clang::Stmt *>(body));
  return calls.all;
}

const clang::FunctionDecl *userFunction(const clang::CallExpr *call, clang::ASTContext &ctx,
                                        const SourceFilter &filter) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  const clang::FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
  if (!def || !def->hasBody() || filter.isLibrary(ctx.getSourceManager(), def->getLocation())) return nullptr;
  return def;
}

void collectCallSiteFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                          std::vector<CallSiteFact> &out) {
  if (!fd->hasBody()) return;
  collectDropoutFacts(fd, ctx, filter, out);
  collectDeviceLoadFacts(fd, ctx, out);
  collectJitLoadFacts(fd, ctx, out);
  collectCudaEnvFacts(fd, ctx, filter, out);
  collectDataParallelFacts(fd, ctx, out);
  collectConstructionFacts(fd, ctx, filter, out);
  collectHolderMethodCalls(fd, ctx, filter, out);
}

}  // namespace nnlint
