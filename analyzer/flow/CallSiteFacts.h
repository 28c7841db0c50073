// Call-site facts of one function (see CallSiteFact in ModelIndex.h): each
// kind is collected by its own file, DropoutFacts, DeviceLoadFacts,
// JitLoadFacts and CudaEnvFacts, and all of them come in through collectCallSiteFacts.
#pragma once

#include "ModelIndex.h"
#include "SourceFilter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <vector>

namespace nnlint {

void collectCallSiteFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                          std::vector<CallSiteFact> &out);

void collectDropoutFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, std::vector<CallSiteFact> &out);
void collectDeviceLoadFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, std::vector<CallSiteFact> &out);
void collectJitLoadFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, std::vector<CallSiteFact> &out);
void collectCudaEnvFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                         std::vector<CallSiteFact> &out);

}  // namespace nnlint
