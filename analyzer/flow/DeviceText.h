// Whether a device expression can be copied into a fix-it elsewhere and
// mean the same there.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

#include <string>

namespace nnlint {

// Constants, members of `this` (in a method), and the function's parameters
// and locals whose scope holds the place of the fix. No calls.
class DeviceText {
 public:
  DeviceText(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

  // The text for a fix at `at` (in this function), or "".
  std::string inFunction(const clang::Expr *device, const clang::Stmt *at);
  // The text for a fix in any method of the member's class, or "".
  std::string inClass(const clang::Expr *device);

 private:
  bool valid(const clang::Expr *device, const clang::Stmt *at);
  bool inScope(const clang::VarDecl *var, const clang::Stmt *at);

  const clang::FunctionDecl *fd_;
  clang::ASTContext &ctx_;
  clang::ParentMap parents_;
};

}  // namespace nnlint
