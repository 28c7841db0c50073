#include "CallSiteFacts.h"
namespace nnlint {
void collectDeviceLoadFacts(const clang::FunctionDecl *, clang::ASTContext &, std::vector<CallSiteFact> &) {}
}
