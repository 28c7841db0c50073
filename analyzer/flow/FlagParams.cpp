#include "flow/FlagParams.h"

#include "flow/AstUtil.h"
#include "flow/TorchCalls.h"

using namespace clang;

namespace nnlint {

std::vector<StoredParameter> storedParameters(const CXXConstructorDecl *ctor) {
  std::vector<StoredParameter> out;
  auto add = [&](const FieldDecl *member, const Expr *value, bool inInitialiser) {
    for (const Expr *before = nullptr; value && value != before;) {
      before = value;
      value = stripCopies(value->IgnoreImplicit());
    }
    const auto *ref = dyn_cast_or_null<DeclRefExpr>(value);
    const auto *param = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
    if (member && param && param->getDeclContext() == ctor) out.push_back({member, param, inInitialiser});
  };
  for (const CXXCtorInitializer *init : ctor->inits())
    if (init->isWritten() && init->getMember()) add(init->getMember(), init->getInit(), true);
  if (const auto *body = dyn_cast_or_null<CompoundStmt>(ctor->getBody()))
    for (const Stmt *s : body->body())
      if (const auto *op = dyn_cast<BinaryOperator>(s); op && op->getOpcode() == BO_Assign)
        if (const auto *me = dyn_cast<MemberExpr>(op->getLHS()->IgnoreParenImpCasts());
            me && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
          add(dyn_cast<FieldDecl>(me->getMemberDecl()), op->getRHS(), false);
  return out;
}

std::vector<FlagParamFact> findFlagParams(const CXXConstructorDecl *ctor, const ASTContext &ctx) {
  std::vector<FlagParamFact> out;
  for (const StoredParameter &s : storedParameters(ctor)) {
    if (!s.member->getType()->isBooleanType()) continue;
    FlagParamFact fact;
    fact.member = s.member->getNameAsString();
    fact.params = ctor->getNumParams();
    fact.required = ctor->getMinRequiredArguments();
    fact.index = s.param->getFunctionScopeIndex();
    fact.defaultTrue = s.param->hasDefaultArg() && !s.param->hasUninstantiatedDefaultArg() &&
                       !s.param->hasUnparsedDefaultArg() &&
                       constantBool(s.param->getDefaultArg(), ctx) == std::optional<bool>(true);
    out.push_back(fact);
  }
  return out;
}

}  // namespace nnlint
