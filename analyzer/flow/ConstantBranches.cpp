#include "flow/ConstantBranches.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace nnlint {

std::optional<bool> constantCondition(const Expr *cond, ASTContext &ctx) {
  if (!cond || cond->isTypeDependent() || cond->isValueDependent()) return std::nullopt;
  bool value = false;
  if (!cond->EvaluateAsBooleanCondition(value, ctx)) return std::nullopt;
  return value;
}

ConstantBranches::ConstantBranches(const Stmt *body, ASTContext &ctx) : ctx_(ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ConstantBranches &self;
    explicit Finder(ConstantBranches &s) : self(s) {}
    void discard(const Stmt *s, const Expr *cond) {
      if (!s || !cond) return;
      const SourceManager &sm = self.ctx_.getSourceManager();
      CharSourceRange r = CharSourceRange::getTokenRange(cond->getSourceRange());
      std::string text = Lexer::getSourceText(Lexer::makeFileCharRange(r, sm, self.ctx_.getLangOpts()), sm,
                                              self.ctx_.getLangOpts())
                             .str();
      self.dead_.push_back({s->getSourceRange(), text});
    }
    bool VisitIfStmt(IfStmt *s) {
      if (s->getConditionVariable()) return true;  // `if (auto v = ...)`: a declaration, not a flag
      std::optional<bool> v = constantCondition(s->getCond(), self.ctx_);
      if (v) discard(*v ? s->getElse() : s->getThen(), s->getCond());
      return true;
    }
    bool VisitAbstractConditionalOperator(AbstractConditionalOperator *c) {
      std::optional<bool> v = constantCondition(c->getCond(), self.ctx_);
      if (v) discard(*v ? c->getFalseExpr() : c->getTrueExpr(), c->getCond());
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *op) {
      if (!op->isLogicalOp()) return true;
      std::optional<bool> v = constantCondition(op->getLHS(), self.ctx_);
      if (v && *v == (op->getOpcode() == BO_LOr)) discard(op->getRHS(), op->getLHS());
      return true;
    }
    bool VisitWhileStmt(WhileStmt *s) {
      if (constantCondition(s->getCond(), self.ctx_) == false) discard(s->getBody(), s->getCond());
      return true;
    }
    bool VisitForStmt(ForStmt *s) {
      if (s->getCond() && constantCondition(s->getCond(), self.ctx_) == false) discard(s->getBody(), s->getCond());
      return true;
    }
  } finder(*this);
  finder.TraverseStmt(const_cast<Stmt *>(body));
}

std::optional<std::string> ConstantBranches::neverRuns(const Stmt *s) const {
  const SourceManager &sm = ctx_.getSourceManager();
  SourceLocation at = s->getBeginLoc();
  for (const Dead &d : dead_)
    if (d.range.isValid() && !sm.isBeforeInTranslationUnit(at, d.range.getBegin()) &&
        !sm.isBeforeInTranslationUnit(d.range.getEnd(), at))
      return d.condition;
  return std::nullopt;
}

}  // namespace nnlint
