// Code that never runs because a condition around it is a constant: the
// discarded side of `if constexpr`, of `if (kFlag)` over a const or constexpr
// bool or int (a local, a global, a static member, a template argument), of
// `?:`, and the right operand of `false && ...` / `true || ...`. Conditions
// are evaluated by Clang (Expr::EvaluateAsBooleanCondition), never read as text.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <string>
#include <vector>

namespace nnlint {

class ConstantBranches {
 public:
  ConstantBranches(const clang::Stmt *body, clang::ASTContext &ctx);

  // The condition (as written) that keeps `s` from running, or nullopt when
  // `s` may run.
  std::optional<std::string> neverRuns(const clang::Stmt *s) const;

 private:
  struct Dead {
    clang::SourceRange range;
    std::string condition;
  };
  std::vector<Dead> dead_;
  clang::ASTContext &ctx_;
};

// The value of a condition that Clang can evaluate at compile time.
std::optional<bool> constantCondition(const clang::Expr *cond, clang::ASTContext &ctx);

}  // namespace nnlint
