// A tensor member given a local that was made to require grad and never
// registered: `auto w = torch::randn({4}, torch::requires_grad()); weights_.push_back(w);`.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace nnlint {

// True when `value` names a local variable of `fd` whose initialiser requests
// grad, that no register_*() call of the body takes, and that the body never
// assigns again nor changes the grad flag of.
bool isUnregisteredGradLocal(const clang::Expr *value, const clang::FunctionDecl *fd);

}  // namespace nnlint
