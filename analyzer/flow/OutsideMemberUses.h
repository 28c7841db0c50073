// Members of module classes that code outside the class names
// (`model->head = Linear(8, 2)` in main(), a friend, another class): what
// such code does to them is not followed, so checks that need to know every
// write to a member stay silent about these.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/Decl.h"

namespace nnlint {

// Adds to ClassFact::membersUsedOutside of each class in `index` whose fields
// the body of `fd` names, unless `fd` is a method of that class or of a class
// derived from it.
void recordOutsideMemberUses(const clang::FunctionDecl *fd, ModelIndex &index);

}  // namespace nnlint
