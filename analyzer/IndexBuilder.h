// Builds the model index of one translation unit in a single walk of its AST.
#pragma once

#include "ModelIndex.h"
#include "SourceFilter.h"

#include "clang/AST/ASTContext.h"

namespace nnlint {

ModelIndex buildIndex(clang::ASTContext &ctx, const SourceFilter &filter);

}  // namespace nnlint
