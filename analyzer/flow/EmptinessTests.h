// Members whose holder or pointer a function tests for emptiness
// (`head.is_empty()`, `if (head)`, `proj != nullptr`): the class expects them
// to be empty on some runs, so being empty is not a defect there.
#pragma once

#include "clang/AST/Decl.h"

#include <set>
#include <string>

namespace nnlint {

// Names of the fields of `this` that `fd`'s body tests.
std::set<std::string> findEmptinessTests(const clang::FunctionDecl *fd);

}  // namespace nnlint
