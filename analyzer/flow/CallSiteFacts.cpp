#include "CallSiteFacts.h"

namespace nnlint {

void collectCallSiteFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                          std::vector<CallSiteFact> &out) {
  if (!fd->hasBody()) return;
  collectDropoutFacts(fd, ctx, out);
  collectDeviceLoadFacts(fd, ctx, out);
  collectJitLoadFacts(fd, ctx, out);
  collectCudaEnvFacts(fd, ctx, filter, out);
}

}  // namespace nnlint
