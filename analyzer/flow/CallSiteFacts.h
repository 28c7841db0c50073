// Call-site facts of one function (see CallSiteFact in ModelIndex.h): each
// kind is collected by its own file, DropoutFacts, DeviceLoadFacts,
// JitLoadFacts, CudaEnvFacts, DataParallelFacts, ConstructionFacts and
// HolderMethodCalls, and all of them come in
// through collectCallSiteFacts.
#pragma once

#include "base/SourceFilter.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <vector>

namespace nnlint {

void collectCallSiteFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                          std::vector<CallSiteFact> &out);

// A fact of `kind` about `call` in `fd`: where the call is, the enclosing
// function and the callee as declared.
CallSiteFact callSiteFact(CallSiteKind kind, const clang::CallExpr *call, const clang::FunctionDecl *fd,
                          const clang::ASTContext &ctx);

// The calls a body makes; with `intoLambdas` false, not those in the bodies of
// lambdas it writes (they run when the lambda is called).
std::vector<const clang::CallExpr *> callsIn(const clang::Stmt *body, bool intoLambdas);
// The definition of the user function `call` calls, with its body in the run
// (not library code), or null.
const clang::FunctionDecl *userFunction(const clang::CallExpr *call, clang::ASTContext &ctx,
                                        const SourceFilter &filter);

void collectDropoutFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                         std::vector<CallSiteFact> &out);
void collectDeviceLoadFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, std::vector<CallSiteFact> &out);
void collectJitLoadFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, std::vector<CallSiteFact> &out);
void collectDataParallelFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, std::vector<CallSiteFact> &out);
void collectCudaEnvFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                         std::vector<CallSiteFact> &out);
void collectHolderMethodCalls(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                              std::vector<CallSiteFact> &out);
void collectConstructionFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                              std::vector<CallSiteFact> &out);

}  // namespace nnlint
