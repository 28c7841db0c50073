// Where a value's gradient stops: the LibTorch calls and scopes whose rows in
// LibrarySemantics.def say so (CutsGradient, DisablesGradient), matched by
// the callee's declaration, never by the name alone.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace nnlint {

// A call whose result carries no gradient: detach(), data(), item(),
// argmax(), comparisons, ... (LibrarySemantics.def).
bool isGradientCut(const clang::CallExpr *call);

// A value of a C++ arithmetic, boolean or enum type: it carries no gradient
// whatever it was computed from (`fc(x).size(0)`, `t.item<float>() > 0`).
bool isScalarValue(const clang::Expr *e);

// A guard that turns gradient recording off for the rest of its scope:
// NoGradGuard, InferenceMode, AutoGradMode(false).
bool isNoGradGuard(const clang::VarDecl *v);

}  // namespace nnlint
