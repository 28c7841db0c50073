#include "CallSiteFacts.h"
namespace nnlint {
void collectCudaEnvFacts(const clang::FunctionDecl *, clang::ASTContext &, const SourceFilter &,
                         std::vector<CallSiteFact> &) {}
}
