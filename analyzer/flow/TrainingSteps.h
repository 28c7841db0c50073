// Which backward() calls of a training function give gradients that an
// optimizer step uses, per module: the loss that matters for a parameter is
// one whose backward() reaches, on a path of Clang's CFG that passes no
// zero_grad() clearing it, the step() of an optimizer that may hold it.
// A model only evaluated (`eval()` and no `train()` in the function) is not
// being trained there.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

namespace nnlint {

// The variable, parameter or member an object expression denotes, through
// `->`, `*`, `.get()`, member access (`model->encoder` denotes `model`) and
// local copies of holders; null when unknown.
const clang::ValueDecl *rootDecl(const clang::Expr *e);

class TrainingSteps {
 public:
  TrainingSteps(const clang::FunctionDecl *fd, clang::ASTContext &ctx);
  ~TrainingSteps();

  // Whether the gradients that `backward` leaves in the parameters of
  // `module` (a rootDecl; null: unknown) can reach an optimizer step. True
  // when the function steps no optimizer (the gradients are used elsewhere).
  bool matters(const clang::CallExpr *backward, const clang::ValueDecl *module) const;

 private:
  struct Optimizer {
    bool contentsKnown = false;
    std::set<const clang::ValueDecl *> modules;  // whose parameters() it was given
  };
  struct Call {
    const clang::CallExpr *call;
    const clang::ValueDecl *object;
  };
  bool mayHold(const clang::ValueDecl *optimizer, const clang::ValueDecl *module) const;
  bool reaches(const clang::CallExpr *from, const clang::CallExpr *to,
               const std::set<const clang::CallExpr *> &barriers) const;
  void readContents(const clang::ValueDecl *optimizer, const clang::FunctionDecl *fd, clang::ASTContext &ctx);

  std::vector<Call> steps_, optimizerZeroGrads_, moduleZeroGrads_;
  std::set<const clang::ValueDecl *> evaluated_, trained_;
  std::map<const clang::ValueDecl *, Optimizer> optimizers_;
  std::unique_ptr<clang::CFG> cfg_;
  std::map<const clang::Stmt *, std::pair<const clang::CFGBlock *, unsigned>> position_;
};

}  // namespace nnlint
