#include "flow/UseConditions.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/ConditionAtoms.h"
#include "flow/PathConditions.h"
#include "flow/TorchTypes.h"
#include "index/Condition.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/CFGStmtMap.h"

#include <optional>

using namespace clang;

namespace nnlint {
namespace {

// A use of a member (`fc` in `fc(x)`, `this->fc->weight`), a call of an own
// method, or a register_*() call.
struct Use {
  std::string name;
  const Stmt *stmt;
  bool isCall;
};

// `if (downsample)`, `proj.is_empty()`, `bias.defined()`, `head != nullptr`:
// asking whether a module exists computes nothing with its parameters.
bool onlyTestsExistence(const MemberExpr *me, ParentMap &parents) {
  const auto *f = dyn_cast<FieldDecl>(me->getMemberDecl());
  if (!f || !classifyMemberType(f->getType())) return false;
  const Stmt *p = parents.getParentIgnoreParenImpCasts(const_cast<MemberExpr *>(me));
  if (const auto *call = dyn_cast_or_null<CXXMemberCallExpr>(p)) {
    std::string n = calleeName(call);
    return isa_and_nonnull<CXXConversionDecl>(call->getMethodDecl()) || n == "is_empty" || n == "defined";
  }
  const Expr *lhs = nullptr, *rhs = nullptr;
  if (const auto *bo = dyn_cast_or_null<BinaryOperator>(p); bo && bo->isEqualityOp()) lhs = bo->getLHS(), rhs = bo->getRHS();
  if (const auto *op = dyn_cast_or_null<CXXOperatorCallExpr>(p); op && op->getNumArgs() == 2 &&
      (op->getOperator() == OO_EqualEqual || op->getOperator() == OO_ExclaimEqual))
    lhs = op->getArg(0), rhs = op->getArg(1);
  return lhs && (isNullValue(lhs) || isNullValue(rhs));
}

struct UseFinder : RecursiveASTVisitor<UseFinder> {
  const CXXRecordDecl *owner;
  ParentMap &parents;
  std::vector<Use> uses;
  std::vector<const CallExpr *> registrations;
  std::vector<const BinaryOperator *> assignments;  // this->member = value
  UseFinder(const CXXRecordDecl *o, ParentMap &p) : owner(o), parents(p) {}
  bool VisitMemberExpr(MemberExpr *me) {
    if (isa<FieldDecl>(me->getMemberDecl()) && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) &&
        !onlyTestsExistence(me, parents))
      uses.push_back({me->getMemberDecl()->getNameAsString(), me, false});
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    if (registrationKind(call)) registrations.push_back(call);
    const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
    const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
    if (md && md->getParent() == owner && isa<CXXThisExpr>(mc->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      uses.push_back({isa<CXXConstructorDecl>(md) ? "<ctor>" : md->getNameAsString(), call, true});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp()) assignments.push_back(op);
    return true;
  }
};

const FieldDecl *assignedField(const BinaryOperator *op, const CXXRecordDecl *owner) {
  const auto *me = dyn_cast<MemberExpr>(op->getLHS()->IgnoreParenImpCasts());
  if (!me || !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return nullptr;
  const auto *f = dyn_cast<FieldDecl>(me->getMemberDecl());
  return f && f->getParent() == owner ? f : nullptr;
}

bool insideLoop(const Stmt *s, ParentMap &parents) {
  for (const Stmt *p = parents.getParent(s); p; p = parents.getParent(p))
    if (isa<ForStmt>(p) || isa<WhileStmt>(p) || isa<DoStmt>(p) || isa<CXXForRangeStmt>(p)) return true;
  return false;
}

bool mentions(const Condition &c, const std::string &key) {
  std::map<std::string, Condition> atoms;
  collectAtoms(c, atoms);
  return atoms.count(key) != 0;
}

// What each bool member holds when a constructor or reset() returns: its
// initialiser, then each assignment in order, `value` when the assignment
// runs and the earlier value when it does not.
void findFlagValues(const CXXMethodDecl *md, const UseFinder &finder, const PathConditions &paths,
                    AtomBuilder &atoms, const CFGStmtMap &blocks, ParentMap &parents, UseConditions &out) {
  const CXXRecordDecl *owner = md->getParent();
  for (const FieldDecl *f : owner->fields()) {
    if (!f->getType()->isBooleanType()) continue;
    std::string key = "m:" + f->getNameAsString();
    std::optional<Condition> value;
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(md))
      for (const CXXCtorInitializer *init : ctor->inits())
        if (init->getMember() == f && init->isWritten()) value = atoms.build(init->getInit());
    if (!value && isa<CXXConstructorDecl>(md) && f->getInClassInitializer())
      value = atoms.build(f->getInClassInitializer());
    bool known = true;
    for (const BinaryOperator *op : finder.assignments) {
      if (assignedField(op, owner) != f) continue;
      const CFGBlock *b = blocks.getBlock(op);
      if (op->getOpcode() != BO_Assign || insideLoop(op, parents) || !b) {
        known = false;
        break;
      }
      Condition runs = paths.reaching(b), assigned = atoms.build(op->getRHS());
      if (isTrue(runs)) value = assigned;
      else if (value) value = condOr(condAnd(runs, assigned), condAnd(condNot(runs), *value));
      else known = false;
    }
    if (known && value && !mentions(*value, key)) out.flagValues[key] = *value;
  }
}

Guard guardFor(const Condition &skip) {
  Guard g;
  g.skip = skip;
  g.condition = describeUse(skip, g.whenFalse, g.loc);
  return g;
}

}  // namespace

UseConditions findUseConditions(const FunctionDecl *fd, ASTContext &ctx) {
  UseConditions out;
  Stmt *body = fd->getBody();
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (!body || !md) return out;
  CFG::BuildOptions options;
  options.setAllAlwaysAdd();
  std::unique_ptr<CFG> cfg = CFG::buildCFG(fd, body, &ctx, options);
  if (!cfg) return out;
  ParentMap parents(body);
  std::unique_ptr<CFGStmtMap> blocks(CFGStmtMap::Build(cfg.get(), &parents));
  if (!blocks) return out;
  AtomBuilder atoms(fd, ctx);
  PathConditions paths(*cfg, body, atoms, parents);
  if (!paths.ok()) return out;

  UseFinder finder(md->getParent(), parents);
  finder.TraverseStmt(body);
  const SourceManager &sm = ctx.getSourceManager();
  for (const CallExpr *call : finder.registrations)
    if (const CFGBlock *b = blocks->getBlock(call)) out.registrations[toPoint(sm, call->getBeginLoc())] = paths.reaching(b);

  bool construction = isa<CXXConstructorDecl>(md) || (md->getDeclName().isIdentifier() && md->getName() == "reset");
  if (construction) {
    findFlagValues(md, finder, paths, atoms, *blocks, parents, out);
    return out;  // what a constructor uses conditionally does not decide gradients
  }
  out.membersMutated = membersMutatedIn(fd, ctx);

  // The blocks where each member (or own method) is used; none when some use
  // is outside the CFG (a lambda's body): then it counts as unconditional.
  std::map<std::string, std::optional<std::set<const CFGBlock *>>> used;
  for (const Use &u : finder.uses) {
    std::string key = (u.isCall ? "call:" : "") + u.name;
    auto [it, fresh] = used.emplace(key, std::set<const CFGBlock *>{});
    if (!it->second) continue;
    if (const CFGBlock *b = blocks->getBlock(u.stmt)) it->second->insert(b);
    else it->second = std::nullopt;
  }
  for (const auto &[key, where] : used) {
    if (!where) continue;
    Condition skip = paths.skipping(*where);
    // Never skipped, or skipped on every path (used only where the iteration throws).
    if (isFalse(skip) || isTrue(skip)) continue;
    if (key.rfind("call:", 0) == 0) out.callees[key.substr(5)] = guardFor(skip);
    else out.members[key] = guardFor(skip);
  }
  return out;
}

}  // namespace nnlint
