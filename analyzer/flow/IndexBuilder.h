// Builds the model index of one translation unit in a single walk of its AST.
#pragma once

#include "base/SourceFilter.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"

namespace nnlint {

// `walkPrecompiled`: also walk the declarations that come from a PCH (false
// when it holds only library headers: reading them all costs more than the
// rest of the file). `leftOut`: parts of an interpreter's translation unit
// (parse/WarmSession) not to walk: those taken back, and those whose facts
// the caller has already (the include block's). `partial`: the walk covers
// part of the unit, whose other part may call what this one defines: the
// summaries of inline functions that no call here names are kept.
ModelIndex buildIndex(clang::ASTContext &ctx, const SourceFilter &filter, bool walkPrecompiled = true,
                      llvm::ArrayRef<const clang::TranslationUnitDecl *> leftOut = {},
                      bool partial = false);

}  // namespace nnlint
