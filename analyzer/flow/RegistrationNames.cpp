#include "flow/RegistrationNames.h"

#include "flow/AstUtil.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace nnlint {
namespace {

// Inside a loop or a lambda of its function: it may run more than once, or never.
bool mayRunRepeatedly(const Stmt *s, ASTContext &ctx) {
  DynTypedNodeList parents = ctx.getParents(*s);
  while (!parents.empty()) {
    const DynTypedNode &p = parents[0];
    if (p.get<FunctionDecl>()) return false;
    if (const Stmt *ps = p.get<Stmt>(); ps && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, LambdaExpr>(ps))
      return true;
    parents = ctx.getParents(p);
  }
  return true;  // no enclosing function seen (a default member initialiser): not judged here
}

}  // namespace

std::optional<std::string> constantRegistrationName(const CallExpr *call, ASTContext &ctx) {
  const auto *member = dyn_cast<CXXMemberCallExpr>(call);
  if (!member || call->getNumArgs() == 0) return std::nullopt;
  if (!isa<CXXThisExpr>(member->getImplicitObjectArgument()->IgnoreParenImpCasts())) return std::nullopt;
  if (mayRunRepeatedly(call, ctx)) return std::nullopt;
  return literalString(call->getArg(0), &ctx);
}

void markRegistrationNameClashes(std::vector<RegistrationFact> &registrations,
                                 const std::map<SourcePoint, Condition> &whenInBody) {
  std::map<std::pair<RegKind, std::string>, SourcePoint> first;
  std::vector<RegistrationFact *> always;
  for (RegistrationFact &r : registrations) {
    auto when = whenInBody.find(r.loc);
    if (r.hasName && when != whenInBody.end() && isTrue(when->second)) always.push_back(&r);
  }
  std::stable_sort(always.begin(), always.end(),
                   [](const RegistrationFact *a, const RegistrationFact *b) { return a->loc < b->loc; });
  for (RegistrationFact *r : always) {
    auto [it, fresh] = first.emplace(std::make_pair(r->kind, r->name), r->loc);
    // Facts of one call (one per member it binds) share its location.
    if (!fresh && !(it->second == r->loc)) r->sameNameAt = it->second;
  }
}

}  // namespace nnlint
