#include "flow/CallSiteFacts.h"

#include "flow/TorchCalls.h"

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

void collectCallSiteFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                          std::vector<CallSiteFact> &out) {
  if (!fd->hasBody()) return;
  collectDropoutFacts(fd, ctx, filter, out);
  collectDeviceLoadFacts(fd, ctx, out);
  collectJitLoadFacts(fd, ctx, out);
  collectCudaEnvFacts(fd, ctx, filter, out);
  collectDataParallelFacts(fd, ctx, out);
}

}  // namespace nnlint
