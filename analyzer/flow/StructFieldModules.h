// The module fields of a plain struct member (`heads.cls`, `heads.box` of a
// `Heads heads;` member): the rest of the index takes such a member as one
// container, registered when any field is. This follows each field on its
// own, so that a field given a fresh module and never registered is seen
// beside fields that are.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/Decl.h"

#include <vector>

namespace nnlint {

// What the body of `fd`, a method of the class, does with the fields of its
// struct members: each use of interest is one fact.
std::vector<StructFieldFact> findStructFieldUses(const clang::FunctionDecl *fd);

}  // namespace nnlint
