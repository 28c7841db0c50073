// Facts for the gradient-path checks: what each output of forward() is
// computed from, and which outputs of a forward() call reach backward().
#pragma once

#include "base/SourceFilter.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <vector>

namespace nnlint {

// The outputs of a forward() that returns several values, each with the
// members and own methods its value flows from; empty for a single output.
std::vector<OutputFact> forwardOutputs(const clang::FunctionDecl *forward, clang::ASTContext &ctx);

// The forward() calls of user modules whose outputs flow into a tensor on
// which `fd` calls backward(), following loss helpers defined in the same file.
std::vector<ForwardCallFact> forwardCallsReachingBackward(const clang::FunctionDecl *fd, clang::ASTContext &ctx,
                                                          const SourceFilter &filter);

}  // namespace nnlint
