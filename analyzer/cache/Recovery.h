// Facts from code that does not fully compile. Clang recovers from errors
// (invalid declarations, RecoveryExpr for calls it cannot resolve, dropped
// statements), so the index can be built on what it recovered; but facts
// touched by an error may be wrong. A class's facts are kept only when none
// of its members, bases, registrations or method bodies contains an error;
// otherwise the class is left out of this file's index and the checks, which
// warn only about classes whose every method they have seen, stay silent on
// it. Helpers, training code and call-site facts in a function with an error
// are left out the same way.
#pragma once

#include "base/SourceFilter.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"

#include <vector>

namespace nnlint {

// Removes from `index` the facts that code with an error could have made.
// `errors` are the places Clang reported errors at.
void dropFactsWithErrors(clang::ASTContext &ctx, const SourceFilter &filter,
                         const std::vector<clang::SourceLocation> &errors, ModelIndex &index);

}  // namespace nnlint
