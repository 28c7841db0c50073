// Facts from code that does not fully compile. Clang recovers from errors
// (invalid declarations, RecoveryExpr for calls it cannot resolve, dropped
// statements), so the index can be built on what it recovered; but facts
// touched by an error may be wrong.
// - A class whose declaration holds an error (a member, a base, a method's
//   signature) is left out of this file's index: the checks, which warn only
//   about classes whose every method they have seen, stay silent on it.
// - A method body with an error (code being typed in an editor) keeps the
//   class: the members and methods that the statements with an error name are
//   taken as used in ways not seen (opaque), and the method's facts that say
//   something is unused, discarded or used under a condition are dropped.
// - Helpers, training code and call-site facts in a function with an error
//   are left out.
#pragma once

#include "base/SourceFilter.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace nnlint {

// Removes from `index` the facts that code with an error could have made.
// `errors` are the places Clang reported errors at. `parts`: the parts of an
// interpreter's translation unit that the index holds the facts of
// (parse/WarmSession); none: the whole unit.
void dropFactsWithErrors(clang::ASTContext &ctx, const SourceFilter &filter,
                         const std::vector<clang::SourceLocation> &errors, ModelIndex &index,
                         llvm::ArrayRef<clang::TranslationUnitDecl *> parts = {});

// The index of a parsed translation unit (flow/IndexBuilder.h), less what its
// errors could have touched: what nnlint's parse and the clang-tidy module
// both index. `errors`: ErrorPlaces::places() of the parse.
ModelIndex indexRecovering(clang::ASTContext &ctx, const SourceFilter &filter,
                           const std::vector<clang::SourceLocation> &errors, bool walkPrecompiled = true);

}  // namespace nnlint
