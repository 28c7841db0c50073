// Calls of a user module class's methods made by code other than the class's
// own methods: what training code and owning modules actually run of a
// module (ModelIndex::outsideCalls).
#pragma once

#include "base/SourceFilter.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <vector>

namespace nnlint {

void collectOutsideCalls(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                         std::vector<OutsideCallFact> &out);

}  // namespace nnlint
