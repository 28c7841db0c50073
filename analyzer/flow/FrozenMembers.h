// Members whose parameters a method of the class freezes:
// `for (auto &p : enc->parameters()) p.requires_grad_(false);`,
// `p.set_requires_grad(false)`, `w_.requires_grad_(false)`,
// `emb->weight.requires_grad_(false)` (a parameter of the member's module). A frozen member
// needs no gradient, so using it only under NoGradGuard is not a defect.
#pragma once

#include "clang/AST/Decl.h"

#include <set>
#include <string>

namespace nnlint {

// Member names; "*" when the class freezes its own parameters().
std::set<std::string> findFrozenMembers(const clang::FunctionDecl *fd);

}  // namespace nnlint
