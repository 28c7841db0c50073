#include "flow/RunningStatsModules.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>
#include <vector>

using namespace clang;

namespace nnlint {
namespace {

// The torch::nn::NormImplBase<D, Derived, Options> an Impl derives from: it
// registers running_mean, running_var and num_batches_tracked.
const ClassTemplateSpecializationDecl *normBase(const CXXRecordDecl *rd, int depth = 0) {
  if (!rd || depth > 8 || !rd->hasDefinition()) return nullptr;
  for (const CXXBaseSpecifier &b : rd->getDefinition()->bases()) {
    const CXXRecordDecl *base = b.getType()->getAsCXXRecordDecl();
    if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(base);
        spec && spec->getQualifiedNameAsString() == "torch::nn::NormImplBase")
      return spec;
    if (const ClassTemplateSpecializationDecl *found = normBase(base, depth + 1)) return found;
  }
  return nullptr;
}

// What default options give: the initialiser of the options struct's
// `track_running_stats_` (TORCH_ARG(bool, track_running_stats) = true for
// BatchNorm, = false for InstanceNorm).
StatsTracking defaultTracking(const ClassTemplateSpecializationDecl *base, const ASTContext &ctx) {
  const TemplateArgumentList &args = base->getTemplateArgs();
  if (args.size() < 3 || args[2].getKind() != TemplateArgument::Type) return StatsTracking::Unknown;
  const CXXRecordDecl *options = definitionOf(args[2].getAsType());
  if (!options) return StatsTracking::Unknown;
  for (const FieldDecl *f : options->fields())
    if (f->getName() == "track_running_stats_" && f->getInClassInitializer())
      if (std::optional<bool> v = constantBool(f->getInClassInitializer(), ctx))
        return *v ? StatsTracking::On : StatsTracking::Off;
  return StatsTracking::Unknown;
}

bool isTrackingSetter(const CXXMemberCallExpr *call) {
  const CXXMethodDecl *md = call->getMethodDecl();
  return md && md->getDeclName().isIdentifier() && md->getName() == "track_running_stats" && call->getNumArgs() == 1;
}

// Whether the body sets track_running_stats on the local options variable.
bool setsTracking(const Stmt *body, const VarDecl *var) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *var = nullptr;
    bool found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
      const auto *ref = dyn_cast<DeclRefExpr>(stripCopies(call->getImplicitObjectArgument()));
      found |= isTrackingSetter(call) && ref && ref->getDecl() == var;
      return true;
    }
  } f;
  f.var = var;
  if (body) f.TraverseStmt(const_cast<Stmt *>(body));
  return f.found;
}

// track_running_stats as the options argument sets it: `.track_running_stats(b)`
// with a constant, the default when the options never set it (`64`,
// `BatchNorm2dOptions(64).momentum(0.01)`), unknown otherwise.
StatsTracking trackingOf(const Expr *options, StatsTracking byDefault, const Stmt *body, const ASTContext &ctx) {
  const Expr *e = options;
  for (int step = 0; e && step < 32; ++step) {
    e = stripCopies(e);
    if (e->getType()->isIntegerType()) return byDefault;  // the number of features
    if (const auto *call = dyn_cast<CXXMemberCallExpr>(e)) {
      if (!isTrackingSetter(call)) {
        e = call->getImplicitObjectArgument();  // .eps(), .momentum(), .affine()
        continue;
      }
      std::optional<bool> v = constantBool(call->getArg(0), ctx);
      return !v ? StatsTracking::Unknown : *v ? StatsTracking::On : StatsTracking::Off;
    }
    if (isa<CXXConstructExpr>(e)) return byDefault;
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      if (!var || isa<ParmVarDecl>(var) || !var->hasLocalStorage() || !var->getInit() || setsTracking(body, var))
        return StatsTracking::Unknown;
      e = var->getInit();
      continue;
    }
    return StatsTracking::Unknown;
  }
  return StatsTracking::Unknown;
}

struct Creation {
  const Expr *expr;
  const CXXRecordDecl *impl;
  const Expr *options;
};

// A new norm module: a holder built from options (`BatchNorm2d(64)`), the
// Impl constructed (`BatchNorm2dImpl(options)`, also under `new`), or
// `std::make_shared<BatchNorm2dImpl>(options)`.
std::optional<Creation> creationOf(const Expr *e) {
  if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
    if (c->getNumArgs() == 0 || c->getConstructor()->isCopyOrMoveConstructor() || isNullValue(c)) return std::nullopt;
    const CXXRecordDecl *impl = moduleImplOf(c->getType());
    // A holder given a module that exists already (`BatchNorm2d(ptr)`) creates none.
    if (!impl || !normBase(impl) || moduleImplOf(c->getArg(0)->getType())) return std::nullopt;
    return Creation{c, impl, c->getArg(0)};
  }
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd || call->getNumArgs() == 0 || fd->getQualifiedNameAsString() != "std::make_shared") return std::nullopt;
    const CXXRecordDecl *impl = moduleImplOf(call->getType());
    if (!impl || !normBase(impl)) return std::nullopt;
    return Creation{call, impl, call->getArg(0)};
  }
  return std::nullopt;
}

// The member of `this` an expression names, through subscripts (`bns_[i]`).
std::string thisMember(const Expr *e) {
  for (int depth = 0; e && depth < 8; ++depth) {
    e = stripValue(e);
    if (const auto *op = dyn_cast_or_null<CXXOperatorCallExpr>(e); op && op->getOperator() == OO_Subscript) {
      e = op->getArg(0);
      continue;
    }
    const auto *me = dyn_cast_or_null<MemberExpr>(e);
    if (!me || !isa<FieldDecl>(me->getMemberDecl()) || !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
      return "";
    return me->getMemberDecl()->getNameAsString();
  }
  return "";
}

bool isAppend(const CXXMemberCallExpr *call) {
  std::string n = calleeName(call);
  return n == "push_back" || n == "emplace_back" || n == "insert" || n == "emplace";
}

// The member a created module ends up in: the left side of an assignment
// (`bn = register_module("bn", BatchNorm2d(c))`), the container it is appended
// to (`seq->push_back(...)`, `bns_.push_back(...)`), or `outer` (the member a
// constructor or in-class initialiser initialises) when the walk reaches the
// top of the expression. Through register_module() and Sequential(...).
std::string storedInto(const Expr *creation, ParentMap &parents, const std::string &outer) {
  const Stmt *child = creation;
  for (const Stmt *p = parents.getParent(child); p; child = p, p = parents.getParent(p)) {
    if (const auto *bo = dyn_cast<BinaryOperator>(p); bo && bo->getOpcode() == BO_Assign)
      return bo->getRHS() == child ? thisMember(bo->getLHS()) : "";
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(p); op && op->getOperator() == OO_Equal && op->getNumArgs() == 2)
      return op->getArg(1) == child ? thisMember(op->getArg(0)) : "";
    const auto *mc = dyn_cast<CXXMemberCallExpr>(p);
    if (mc && isAppend(mc) && mc->getImplicitObjectArgument() != child) {
      const Expr *object = mc->getImplicitObjectArgument()->IgnoreParenImpCasts();
      if (const auto *arrow = dyn_cast<CXXOperatorCallExpr>(object); arrow && arrow->getOperator() == OO_Arrow)
        object = arrow->getArg(0);
      return thisMember(object);
    }
    if (!isa<Expr>(p)) return "";
  }
  return outer;
}

// Whether only some branches of the body run the creation: it sits in a
// branch of an `if`, `?:` or `switch`, or right of `&&`/`||` (loops run it).
bool onSomeBranches(const Expr *creation, ParentMap &parents) {
  const Stmt *child = creation;
  for (const Stmt *p = parents.getParent(child); p; child = p, p = parents.getParent(p)) {
    if (const auto *s = dyn_cast<IfStmt>(p); s && s->getCond() != child) return true;
    if (const auto *c = dyn_cast<ConditionalOperator>(p); c && c->getCond() != child) return true;
    if (isa<SwitchCase>(p)) return true;
    if (const auto *b = dyn_cast<BinaryOperator>(p); b && b->isLogicalOp() && b->getRHS() == child) return true;
  }
  return false;
}

struct CreationFinder : RecursiveASTVisitor<CreationFinder> {
  std::vector<Creation> found;
  bool VisitCXXConstructExpr(CXXConstructExpr *c) {
    if (auto creation = creationOf(c)) found.push_back(*creation);
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    if (auto creation = creationOf(call)) found.push_back(*creation);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

// Records the creations inside `root`, stored into `outer` unless the
// expression stores them elsewhere.
void recordCreations(const Stmt *root, const std::string &outer, const std::string &method, const Stmt *body,
                     ClassFact &c, ASTContext &ctx) {
  CreationFinder finder;
  finder.TraverseStmt(const_cast<Stmt *>(root));
  if (finder.found.empty()) return;
  ParentMap parents(const_cast<Stmt *>(root));
  for (const Creation &creation : finder.found) {
    const ClassTemplateSpecializationDecl *base = normBase(creation.impl);
    RunningStatsFact r;
    r.member = storedInto(creation.expr, parents, outer);
    r.moduleClass = creation.impl->getQualifiedNameAsString();
    r.method = method;
    r.loc = toPoint(ctx.getSourceManager(), creation.expr->getBeginLoc());
    r.tracking = trackingOf(creation.options, defaultTracking(base, ctx), body, ctx);
    r.conditional = onSomeBranches(creation.expr, parents);
    c.runningStats.push_back(std::move(r));
  }
}

}  // namespace

void recordRunningStatsMembers(const CXXRecordDecl *rd, ClassFact &c, ASTContext &ctx) {
  for (const FieldDecl *f : rd->fields()) {
    std::string name = f->getNameAsString();
    if (const Expr *init = f->getInClassInitializer()) recordCreations(init, name, "<init>", nullptr, c, ctx);
    const CXXRecordDecl *impl = moduleImplOf(f->getType());
    const ClassTemplateSpecializationDecl *base = impl ? normBase(impl) : nullptr;
    if (!base) continue;
    RunningStatsFact r;
    r.member = name;
    r.moduleClass = impl->getQualifiedNameAsString();
    r.loc = toPoint(ctx.getSourceManager(), f->getLocation());
    r.tracking = defaultTracking(base, ctx);
    r.declaration = true;
    c.runningStats.push_back(std::move(r));
  }
}

void recordRunningStatsCreations(const FunctionDecl *fd, ClassFact &c, ASTContext &ctx) {
  std::string method = methodName(fd);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    for (const CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten() && init->getMember())
        recordCreations(init->getInit(), init->getMember()->getNameAsString(), method, fd->getBody(), c, ctx);
  if (fd->getBody()) recordCreations(fd->getBody(), "", method, fd->getBody(), c, ctx);
}

}  // namespace nnlint
