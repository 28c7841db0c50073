// Turns the condition of one branch into a formula over classified atoms:
// what it reads decides whether it can differ between iterations.
//
//   is_training(), GradMode::is_enabled()      -> "training"      (Training)
//   if (downsample), !m.is_empty(), b.defined() -> "nonnull:m"     (Members)
//   mode_ == Mode::Big, stride != 1             -> "eq:mode_=1"    (kind of the variable)
//   use_aux_ (a member)                         -> "m:use_aux_"    (Members)
//   x.size(0) > 1, torch::rand(...)             -> "x:<text>"      (Runtime)
//
// In a constructor, a parameter stored unchanged into a member is that member
// (`Block(bool basic) : basic_(basic) { if (!basic) ... }` reads "m:basic_"),
// and its other parameters are fixed at construction. Locals that are never
// changed after their initialiser are read through it.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace nnlint {

class AtomBuilder {
 public:
  AtomBuilder(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

  Condition build(const clang::Expr *e);
  // `var == value` (a `case value:` of `switch (var)`).
  Condition equals(const clang::Expr *var, const clang::Expr *value);

  // Whether `e` reads one of `loopVars` and otherwise nothing that can change
  // between iterations of the loop: members, constants, other loop variables.
  bool readsOnlyLoopIndex(const clang::Expr *e, const std::set<const clang::VarDecl *> &loopVars);

  // The member a constructor parameter is stored into unchanged, or "".
  std::string storedInto(const clang::ParmVarDecl *p) const;

  // A local that keeps its initialiser: read through it.
  const clang::Expr *initialiserOf(const clang::VarDecl *v);

 private:
  Condition build(const clang::Expr *e, int depth);
  Condition leaf(const clang::Expr *e, std::string key);
  std::optional<Condition> equality(const clang::Expr *var, const clang::Expr *value, SourcePoint loc);
  std::optional<Condition> inputPresence(const clang::Expr *e, SourcePoint loc);
  std::string variableKey(const clang::Expr *e, int depth);
  std::string moduleMemberOf(const clang::Expr *e, int depth);
  AtomKind kindOf(const clang::Expr *e, std::vector<std::string> &members, bool &readsLocals, int depth);
  std::string text(const clang::Expr *e) const;

  const clang::FunctionDecl *fd_;
  const clang::CXXRecordDecl *owner_ = nullptr;
  clang::ASTContext &ctx_;
  bool isCtor_ = false;
  std::map<const clang::ParmVarDecl *, std::string> stored_;
  std::unique_ptr<clang::ExprMutationAnalyzer> mutation_;
  std::map<const clang::VarDecl *, bool> keepsInitialiser_;
};

// Non-module members that a method body may change: assignment, ++, a
// non-const member call, a non-const reference passed away.
std::set<std::string> membersMutatedIn(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

}  // namespace nnlint
