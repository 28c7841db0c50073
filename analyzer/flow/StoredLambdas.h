// The lambda a callable value is: written there, or held by a local or
// initialised by a member's default initialiser with it, directly or
// converted to a std::function
// (`std::function<Linear(int)> make = [](int n) { ... }; make(4)`).
#pragma once

#include "clang/AST/ExprCXX.h"

namespace nnlint {

const clang::LambdaExpr *lambdaBehind(const clang::Expr *callable);

}  // namespace nnlint
