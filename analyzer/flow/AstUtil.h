// Small helpers for reading expressions in model code.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>
#include <vector>

namespace nnlint {

// Strips parentheses, implicit casts, temporaries and copy/move construction:
// what is left has the same value.
// The definition of the class a type names (through references), or null.
const clang::CXXRecordDecl *definitionOf(clang::QualType t);

const clang::Expr *stripCopies(const clang::Expr *e);

// stripCopies, and also the conversions Clang inserts between holders and
// shared_ptrs: what is left refers to the same module.
const clang::Expr *stripValue(const clang::Expr *e);

// The name of the called function or method, also for calls that are still
// dependent inside templates ("" if unknown).
std::string calleeName(const clang::CallExpr *call);

// The name the index keys a method by: "<ctor>", "<dtor>" or its own name.
std::string methodName(const clang::FunctionDecl *fd);

// register_module / register_parameter / register_buffer.
std::optional<RegKind> registrationKind(const clang::CallExpr *call);

// The object a member call is made on (`v` in `v.push_back(x)`), or null.
const clang::Expr *callObject(const clang::CallExpr *call);

// True for `nullptr`, `{nullptr}`, `{nullptr, nullptr}` and `Holder(nullptr)`.
bool isNullValue(const clang::Expr *e);
// What a one-argument construction was made from (`c10::optional<bool>(true)`
// gives `true`), else the expression itself; implicit nodes stripped.
const clang::Expr *constructedFrom(const clang::Expr *e);
// `e` is the literal `false`, or an optional<bool> made from it.
bool literalFalse(const clang::Expr *e);
// The text of the string literal an expression holds: "a", std::string("a").
// Given the context, also a constant `const char *` (constexpr, a global).
std::optional<std::string> literalString(const clang::Expr *e, clang::ASTContext *ctx = nullptr);

// True when the expression creates a tensor that requires grad:
// torch::requires_grad(), .requires_grad(true), .requires_grad_(), .set_requires_grad(true).
bool createsGradTensor(const clang::Expr *e);

// The values a function's body returns, outside the lambdas in it.
std::vector<const clang::Expr *> returnedValues(const clang::FunctionDecl *definition);

// The register_*() call an expression evaluates to, if it is one.
const clang::CallExpr *asRegistration(const clang::Expr *e);

}  // namespace nnlint
