// Which entries of a torch::nn::ModuleDict member a method puts in or looks
// up, by constant key: `heads_ = register_module("heads", ModuleDict({{"a", ...}}))`
// in the constructor, `heads_["a"]` or `heads_->at<LinearImpl>("a")` in forward().
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

namespace nnlint {

// In the constructor and reset(): the entries put into each ModuleDict member
// (ClassFact::dictEntries), or the member in dictsWithUnknownKeys when an entry's
// key is not a string literal or the member is used in a way not followed.
// In any other method: the keys it looks up (MethodFact::dictLookups).
void recordModuleDictFacts(const clang::FunctionDecl *fd, clang::ASTContext &ctx, ClassFact &cls, MethodFact &m);

}  // namespace nnlint
