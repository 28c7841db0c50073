// Dropout calls inside a module's methods whose `training` flag is a
// constant true: they keep dropping activations after model->eval().
#include "flow/CallSiteFacts.h"

#include "base/SourceFilter.h"
#include "flow/CallOrder.h"
#include "flow/AstUtil.h"
#include "flow/LibrarySemantics.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace nnlint {
namespace {

// The `training_` field that TORCH_ARG(bool, training) declares in an options struct.
const FieldDecl *trainingField(QualType options) {
  const CXXRecordDecl *rd = options.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition()) return nullptr;
  for (const FieldDecl *f : rd->getDefinition()->fields())
    if (f->getName() == "training_") return f;
  return nullptr;
}

bool isTrainingSetter(const CXXMemberCallExpr *call) {
  const CXXMethodDecl *md = call->getMethodDecl();
  return md && md->getDeclName().isIdentifier() && md->getName() == "training" && call->getNumArgs() == 1;
}

// Whether the function sets `training` on the local options variable anywhere.
bool setsTraining(const Stmt *body, const VarDecl *var) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *var;
    bool found = false;
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
      const auto *ref = dyn_cast<DeclRefExpr>(stripCopies(call->getImplicitObjectArgument()));
      found |= isTrainingSetter(call) && ref && ref->getDecl() == var;
      return true;
    }
  } f;
  f.var = var;
  f.TraverseStmt(const_cast<Stmt *>(body));
  return f.found;
}

// How the options argument sets `training`.
struct TrainingValue {
  bool known = false;              // false: set in a way this analysis does not follow
  const Expr *explicitValue = nullptr;  // the argument of .training(...), if any
  bool fixable = false;            // a temporary options chain: `.training(...)` can be appended
};

TrainingValue trainingOf(const Expr *options, const Stmt *body) {
  const Expr *e = options;
  bool throughVariable = false;
  for (int step = 0; e && step < 32; ++step) {
    e = stripCopies(e);
    if (isa<CXXDefaultArgExpr>(e)) return {true, nullptr, false};
    if (const auto *call = dyn_cast<CXXMemberCallExpr>(e)) {
      if (isTrainingSetter(call)) return {true, call->getArg(0), false};
      e = call->getImplicitObjectArgument();  // .p(0.2), .inplace(true)
      continue;
    }
    if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      if (c->getNumArgs() != 0) return {};
      return {true, nullptr, !throughVariable && isa<CXXTemporaryObjectExpr>(c)};
    }
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      if (!var || isa<ParmVarDecl>(var) || !var->hasLocalStorage() || !var->getInit() || setsTraining(body, var))
        return {};
      throughVariable = true;
      e = var->getInit();
      continue;
    }
    return {};
  }
  return {};
}

struct DropoutVisitor : RecursiveASTVisitor<DropoutVisitor> {
  ASTContext &ctx;
  const FunctionDecl *fd;
  std::vector<CallSiteFact> &out;
  int lambdaDepth = 0;
  bool ownMethod = false;  // fd is a method of the module, whose members the flag may be

  DropoutVisitor(ASTContext &c, const FunctionDecl *f, std::vector<CallSiteFact> &o) : ctx(c), fd(f), out(o) {}

  // A training flag that is a bool member of the module: whether it is on is
  // decided where the module is constructed (FlagParams, ConstructionFacts).
  bool flagMember(const CallExpr *call, const Expr *value) {
    const auto *me = dyn_cast<MemberExpr>(value->IgnoreParenImpCasts());
    const auto *field = me ? dyn_cast<FieldDecl>(me->getMemberDecl()) : nullptr;
    if (!ownMethod || lambdaDepth > 0 || !field || !field->getType()->isBooleanType() ||
        !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
      return false;
    CallSiteFact f = callSiteFact(CallSiteKind::DropoutFlagMember, call, fd, ctx);
    f.subject = field->getNameAsString();
    f.memberOf = classKey(cast<CXXMethodDecl>(fd)->getParent());
    f.cause = point(value->getBeginLoc());
    out.push_back(std::move(f));
    return true;
  }

  bool TraverseLambdaExpr(LambdaExpr *l) {
    ++lambdaDepth;
    bool r = RecursiveASTVisitor::TraverseLambdaExpr(l);
    --lambdaDepth;
    return r;
  }

  SourcePoint point(SourceLocation loc) const { return toPoint(ctx.getSourceManager(), loc); }
  SourceLocation afterToken(SourceLocation loc) const {
    return Lexer::getLocForEndOfToken(loc, 0, ctx.getSourceManager(), ctx.getLangOpts());
  }

  // `.training(true)` or a literal `train` argument: point at it, and
  // replace a literal true with is_training() where `this` is in scope.
  void explicitTrue(CallSiteFact &f, const Expr *value) const {
    f.cause = point(value->getBeginLoc());
    f.causeText = "training is set to '" + writtenText(value, ctx) + "' here";
    const auto *literal = dyn_cast<CXXBoolLiteralExpr>(value->IgnoreParenImpCasts());
    if (literal && lambdaDepth == 0 && literal->getLocation().isFileID()) {
      f.fixBegin = point(literal->getLocation());
      f.fixEnd = point(afterToken(literal->getLocation()));
      f.fixText = "is_training()";
    }
  }

  void optionsDropout(const CallExpr *call) {
    const Expr *options = call->getArg(1);
    const FieldDecl *field = trainingField(call->getDirectCallee()->getParamDecl(1)->getType());
    if (!field) return;
    TrainingValue training = trainingOf(options, fd->getBody());
    if (!training.known) return;
    CallSiteFact f = callSiteFact(CallSiteKind::DropoutAlwaysOn, call, fd, ctx);
    if (training.explicitValue) {
      if (flagMember(call, training.explicitValue)) return;
      if (constantBool(training.explicitValue, ctx) != std::optional<bool>(true)) return;
      explicitTrue(f, training.explicitValue);
      out.push_back(std::move(f));
      return;
    }
    const Expr *byDefault = field->getInClassInitializer();
    if (!byDefault || constantBool(byDefault, ctx) != std::optional<bool>(true)) return;
    std::string type = field->getParent()->getQualifiedNameAsString();
    f.causeText = "the default of " + type + " is training=true";
    bool thisInScope = lambdaDepth == 0;
    if (thisInScope && isa<CXXDefaultArgExpr>(options) && call->getRParenLoc().isFileID()) {
      f.fixBegin = f.fixEnd = point(call->getRParenLoc());
      f.fixText = ", " + type + "().training(is_training())";
    } else if (thisInScope && training.fixable && options->getEndLoc().isFileID()) {
      f.fixBegin = f.fixEnd = point(afterToken(options->getEndLoc()));
      f.fixText = ".training(is_training())";
    }
    out.push_back(std::move(f));
  }

  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee) return true;
    std::optional<LibraryEffect> effect = libraryEffect(call);
    if (effect == LibraryEffect::DropoutWithOptions && callee->getNumParams() == 2 && call->getNumArgs() == 2) {
      optionsDropout(call);
    } else if (effect == LibraryEffect::DropoutWithFlag && callee->getNumParams() >= 3 && call->getNumArgs() >= 3) {
      const Expr *train = call->getArg(2);
      if (flagMember(call, train)) return true;
      if (constantBool(train, ctx) == std::optional<bool>(true)) {
        CallSiteFact f = callSiteFact(CallSiteKind::DropoutAlwaysOn, call, fd, ctx);
        explicitTrue(f, train);
        out.push_back(std::move(f));
      }
    }
    return true;
  }
};

// Functions of the run that a module's method calls and that are not module
// methods themselves (free helpers, other classes): the first dropout that is
// always on, in their bodies or their callees' (three calls deep).
class HelperDropouts {
 public:
  HelperDropouts(ASTContext &ctx, const SourceFilter &filter) : ctx_(ctx), filter_(filter) {}

  void addCallsIn(const FunctionDecl *fd, std::vector<CallSiteFact> &out) {
    for (const CallExpr *call : callsIn(fd->getBody(), true))
      if (std::optional<Dropout> dropout = alwaysOn(helperOf(call), 0)) {
        CallSiteFact f = callSiteFact(CallSiteKind::DropoutAlwaysOn, call, fd, ctx_);
        f.innerCall = dropout->at;
        f.innerCallText = dropout->callee;
        out.push_back(std::move(f));
      }
  }

 private:
  struct Dropout {
    SourcePoint at;
    std::string callee;
  };

  const FunctionDecl *helperOf(const CallExpr *call) const {
    const FunctionDecl *def = userFunction(call, ctx_, filter_);
    const auto *md = dyn_cast_or_null<CXXMethodDecl>(def);
    if (md && !md->isStatic() && isModuleClass(md->getParent())) return nullptr;  // judged on its own
    if (md && md->getParent()->isLambda()) return nullptr;  // its body is part of the caller's
    return def;
  }

  std::optional<Dropout> alwaysOn(const FunctionDecl *helper, int depth) {
    if (!helper || depth > 2) return std::nullopt;
    auto [known, fresh] = found_.try_emplace(helper);
    if (!fresh) return known->second;  // done, or on the call stack (recursion)
    std::vector<CallSiteFact> facts;
    DropoutVisitor(ctx_, helper, facts).TraverseStmt(helper->getBody());
    std::optional<Dropout> first;
    if (!facts.empty()) first = Dropout{facts.front().loc, facts.front().callee};
    for (const CallExpr *call : callsIn(helper->getBody(), true)) {
      if (first) break;
      first = alwaysOn(helperOf(call), depth + 1);
    }
    found_[helper] = first;
    return first;
  }

  ASTContext &ctx_;
  const SourceFilter &filter_;
  std::map<const FunctionDecl *, std::optional<Dropout>> found_;
};

}  // namespace

// True when `e` can hold only while `is_training()` does: the call itself, a
// conjunction with it, or a local initialised with one (`bool train =
// is_training() && p > 0;`).
bool impliesTraining(const Expr *e, int depth = 0) {
  if (!e || depth > 8) return false;
  e = e->IgnoreParenImpCasts();
  if (const auto *call = dyn_cast<CallExpr>(e)) return isTraining(call);
  if (const auto *b = dyn_cast<BinaryOperator>(e); b && b->getOpcode() == BO_LAnd)
    return impliesTraining(b->getLHS(), depth + 1) || impliesTraining(b->getRHS(), depth + 1);
  if (const auto *ref = dyn_cast<DeclRefExpr>(e))
    if (const auto *v = dyn_cast<VarDecl>(ref->getDecl()); v && v->hasLocalStorage() && !isa<ParmVarDecl>(v))
      return impliesTraining(v->getInit(), depth + 1);
  return false;
}

// `is_training()` holds on this edge: the dropout behind it runs in training only.
bool trainingEdge(const Expr *condition, bool value) {
  if (const auto *u = dyn_cast<UnaryOperator>(condition); u && u->getOpcode() == UO_LNot) {
    condition = u->getSubExpr()->IgnoreParenImpCasts();
    value = !value;
  }
  return value && impliesTraining(condition);
}

void collectDropoutFacts(const FunctionDecl *fd, ASTContext &ctx, const SourceFilter &filter,
                         std::vector<CallSiteFact> &out) {
  // Only a module's own methods know the module's mode (is_training()).
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (!md || md->isStatic() || !isModuleClass(md->getParent())) return;
  std::vector<CallSiteFact> found;
  DropoutVisitor own(ctx, fd, found);
  own.ownMethod = true;
  own.TraverseStmt(fd->getBody());
  HelperDropouts(ctx, filter).addCallsIn(fd, found);
  if (found.empty()) return;
  // Behind `if (is_training())` (or after `if (!is_training()) return`) the mode is followed.
  std::map<SourcePoint, const CallExpr *> calls;
  for (const CallExpr *call : callsIn(fd->getBody(), false)) calls.emplace(toPoint(ctx.getSourceManager(), call->getBeginLoc()), call);
  CallOrder order(fd, ctx);
  for (CallSiteFact &f : found) {
    auto call = calls.find(f.loc);
    if (call == calls.end() || !order.onlyPast(call->second, trainingEdge)) out.push_back(std::move(f));
  }
}

}  // namespace nnlint
