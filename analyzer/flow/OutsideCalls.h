// Calls of a user module class's methods made by code other than the class's
// own methods: what training code and owning modules actually run of a
// module (ModelIndex::outsideCalls).
#pragma once

#include "base/SourceFilter.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <set>
#include <string>
#include <vector>

namespace nnlint {

// Also adds to `trainingCallees` the user functions that `fd` calls when it
// calls backward() itself (its loss helpers).
void collectOutsideCalls(const clang::FunctionDecl *fd, clang::ASTContext &ctx, const SourceFilter &filter,
                         std::vector<OutsideCallFact> &out, std::set<std::string> &trainingCallees);

}  // namespace nnlint
