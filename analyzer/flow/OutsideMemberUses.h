// Members of module classes that code outside the class names
// (`model->head = Linear(8, 2)` in main(), a friend, another class): what
// such code does to them is not followed, so the checks stay silent about
// these (ClassFact::escapes). A member that is only printed there
// (`std::cout << net->head`) is not counted.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/Decl.h"

namespace nnlint {

// Adds to ClassFact::membersUsedOutside of each class in `index` whose fields
// the body of `fd` names, unless `fd` is a method of that class or of a class
// derived from it.
void recordOutsideMemberUses(const clang::FunctionDecl *fd, ModelIndex &index);

}  // namespace nnlint
