#include "flow/FlagParams.h"

#include "flow/AstUtil.h"
#include "flow/TorchCalls.h"

using namespace clang;

namespace nnlint {
namespace {

const ParmVarDecl *parameterIn(const Expr *e) {
  const auto *ref = dyn_cast_or_null<DeclRefExpr>(e ? stripCopies(e)->IgnoreParenImpCasts() : nullptr);
  return ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
}

}  // namespace

std::vector<FlagParamFact> findFlagParams(const CXXConstructorDecl *ctor, const ASTContext &ctx) {
  std::vector<FlagParamFact> out;
  auto add = [&](const FieldDecl *f, const ParmVarDecl *p) {
    if (!f || !p || !f->getType()->isBooleanType() || p->getDeclContext() != ctor) return;
    FlagParamFact fact;
    fact.member = f->getNameAsString();
    fact.params = ctor->getNumParams();
    fact.required = ctor->getMinRequiredArguments();
    fact.index = p->getFunctionScopeIndex();
    fact.defaultTrue = p->hasDefaultArg() && !p->hasUninstantiatedDefaultArg() && !p->hasUnparsedDefaultArg() &&
                       constantBool(p->getDefaultArg(), ctx) == std::optional<bool>(true);
    out.push_back(fact);
  };
  for (const CXXCtorInitializer *init : ctor->inits())
    if (init->isWritten() && init->getMember()) add(init->getMember(), parameterIn(init->getInit()));
  // `flag_ = train;` as a statement of the body itself (not under a branch or loop).
  if (const auto *body = dyn_cast_or_null<CompoundStmt>(ctor->getBody()))
    for (const Stmt *s : body->body())
      if (const auto *op = dyn_cast<BinaryOperator>(s); op && op->getOpcode() == BO_Assign)
        if (const auto *me = dyn_cast<MemberExpr>(op->getLHS()->IgnoreParenImpCasts());
            me && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
          add(dyn_cast<FieldDecl>(me->getMemberDecl()), parameterIn(op->getRHS()));
  return out;
}

}  // namespace nnlint
