#include "flow/DeadComputation.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/ConstantBranches.h"
#include "flow/LocalFlow.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <functional>

using namespace clang;

namespace nnlint {
namespace {

bool isThisMember(const MemberExpr *me) {
  return isa<FieldDecl>(me->getMemberDecl()) && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts());
}

// A call of a module's forward(): `fc(x)` on a holder, `fc->forward(x)`,
// `blocks[i]->as<Linear>()->forward(x)`. Sets `object` to the module.
bool isModuleCall(const CallExpr *call, const Expr *&object) {
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
    if (op->getOperator() != OO_Call || op->getNumArgs() < 1) return false;
    auto held = classifyMemberType(op->getArg(0)->getType());
    if (!held || held->kind == HoldKind::Tensor) return false;
    object = op->getArg(0);
    return true;
  }
  const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
  const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
  if (!md || !md->getDeclName().isIdentifier() || md->getName() != "forward" || !isModuleClass(md->getParent()))
    return false;
  object = mc->getImplicitObjectArgument();
  return true;
}

// The closure of a lambda: `[&](Tensor h) { ... }` itself, or a
// std::function built from it.
const LambdaExpr *lambdaOf(const Expr *e) {
  for (int depth = 0; e && depth < 8; ++depth) {
    e = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *l = dyn_cast<LambdaExpr>(e)) return l;
    if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 1) e = c->getArg(0);
    else if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e)) e = m->getSubExpr();
    else if (const auto *b = dyn_cast<CXXBindTemporaryExpr>(e)) e = b->getSubExpr();
    else if (const auto *f = dyn_cast<CXXFunctionalCastExpr>(e)) e = f->getSubExpr();
    else return nullptr;
  }
  return nullptr;
}

// Lambdas whose value nnlint follows: kept in a local (auto or
// std::function) that is only ever called, or called where they are written,
// and that write no variable of the enclosing function. What such a lambda
// computes reaches only the results of its calls.
std::set<const LambdaExpr *> followedLambdas(const Stmt *body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::map<const VarDecl *, const LambdaExpr *> held;
    std::map<const VarDecl *, unsigned> uses, calls;
    std::set<const LambdaExpr *> called, writing;
    const LambdaExpr *current = nullptr;
    bool VisitVarDecl(VarDecl *v) {
      if (v->isLocalVarDecl() && !v->getType()->isReferenceType())
        if (const LambdaExpr *l = lambdaOf(v->getInit())) held[v] = l;
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *r) {
      if (const auto *v = dyn_cast<VarDecl>(r->getDecl())) ++uses[v];
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
      if (op->isAssignmentOp() && op->getNumArgs() == 2) write(op->getArg(0));
      if (op->getOperator() != OO_Call || op->getNumArgs() < 1) return true;
      const Expr *callee = op->getArg(0)->IgnoreImplicit()->IgnoreParens();
      if (const auto *r = dyn_cast<DeclRefExpr>(callee))
        if (const auto *v = dyn_cast<VarDecl>(r->getDecl())) ++calls[v];
      if (const LambdaExpr *l = lambdaOf(callee)) called.insert(l);
      return true;
    }
    // A write inside a lambda to a variable declared outside it.
    void write(const Expr *target) {
      const Expr *e = target->IgnoreParenImpCasts();
      while (const auto *me = dyn_cast<MemberExpr>(e)) e = me->getBase()->IgnoreParenImpCasts();
      const auto *r = dyn_cast<DeclRefExpr>(e);
      const auto *v = r ? dyn_cast<VarDecl>(r->getDecl()) : nullptr;
      if (current && v && v->getDeclContext() != current->getCallOperator()) writing.insert(current);
    }
    bool TraverseLambdaExpr(LambdaExpr *l) {
      const LambdaExpr *outer = current;
      current = l;
      bool ok = RecursiveASTVisitor::TraverseLambdaExpr(l);
      current = outer;
      return ok;
    }
    bool VisitBinaryOperator(BinaryOperator *op) {
      if (op->isAssignmentOp()) write(op->getLHS());
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
      if (const CXXMethodDecl *md = call->getMethodDecl(); md && !md->isConst()) write(call->getImplicitObjectArgument());
      if (const CXXMethodDecl *md = call->getMethodDecl(); md && isTensorMethod(md) && md->getDeclName().isIdentifier() &&
                                                         md->getName().ends_with("_"))
        write(call->getImplicitObjectArgument());
      return true;
    }
  } finder;
  finder.TraverseStmt(const_cast<Stmt *>(body));
  std::set<const LambdaExpr *> out(finder.called.begin(), finder.called.end());
  for (const auto &[v, l] : finder.held)
    if (finder.uses[v] == finder.calls[v]) out.insert(l);
  for (const LambdaExpr *l : finder.writing) out.erase(l);
  return out;
}

bool isFollowedUserCall(const CallExpr *call);

// What one method body does with values: where they leave the method
// (sinks), which members it mentions, which modules it calls.
class Scan : public RecursiveASTVisitor<Scan> {
 public:
  Scan(const LocalFlow &flow, const CXXRecordDecl *owner) : flow_(flow), owner_(owner) {}

  void run(const Stmt *body) {
    followed_ = followedLambdas(body);
    TraverseStmt(const_cast<Stmt *>(body));
  }

  bool TraverseLambdaExpr(LambdaExpr *l) {
    bool followed = !lambdaDepth_ && followed_.count(l);
    const LambdaExpr *outer = inFollowed_;
    if (followed) inFollowed_ = l;
    else ++lambdaDepth_;
    for (Expr *init : l->capture_inits())
      if (init) TraverseStmt(init);
    TraverseStmt(l->getBody());
    if (followed) inFollowed_ = outer;
    else --lambdaDepth_;
    return true;
  }

  bool VisitMemberExpr(MemberExpr *me) {
    if (!isThisMember(me)) return true;
    mentions[me->getMemberDecl()->getNameAsString()].push_back(me);
    if (lambdaDepth_) live.insert(me);  // not followed into lambdas: assume it is used
    else if (inFollowed_) lambdaMentions[inFollowed_].push_back(me);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (lambdaDepth_ || inFollowed_) sinks.push_back(ref);  // a captured local escapes into the lambda
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *r) {
    if (!lambdaDepth_ && !inFollowed_ && r->getRetValue()) sinks.push_back(r->getRetValue());
    return true;
  }

  bool VisitCXXThrowExpr(CXXThrowExpr *t) {
    if (t->getSubExpr()) sinks.push_back(t->getSubExpr());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->isAssignmentOp()) assignment(op->getLHS(), op->getRHS());
    return true;
  }

  bool VisitCallExpr(CallExpr *call) {
    if (lambdaDepth_) return true;
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->isAssignmentOp() && op->getNumArgs() == 2) {
      assignment(op->getArg(0), op->getArg(1));
      return true;
    }
    const Expr *object = nullptr;
    if (isModuleCall(call, object)) {
      moduleObjects.push_back(object);
      return true;
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
      // `weight.size(0)`, `scale.dim()`: reading a tensor's shape computes nothing with it.
      const auto *me = dyn_cast<MemberExpr>(stripCopies(mc->getImplicitObjectArgument()));
      if (me && isThisMember(me) && isTensorMethod(mc->getMethodDecl()) && !isGradientCut(mc) &&
          !isTensorType(mc->getType()))
        metadataReads.insert(me);
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call))
      if (const CXXMethodDecl *md = mc->getMethodDecl(); md && md->getParent() == owner_ &&
                                                         isa<CXXThisExpr>(mc->getImplicitObjectArgument()->IgnoreParenImpCasts()))
        ownCalls[md->getNameAsString()].push_back(mc);
    if (flow_.definesLocal(call) || isGradientCut(call) || transparent(call)) return true;
    // A user function whose result is used: its arguments go only where its
    // body sends them (traceGradient follows them through the result).
    if (!discarded(call) && isFollowedUserCall(call)) return true;
    // Anything else may keep or use what it is given.
    for (const Expr *arg : call->arguments()) sinks.push_back(arg);
    if (const Expr *obj = callObject(call)) sinks.push_back(obj);
    return true;
  }

  std::map<std::string, std::vector<const MemberExpr *>> mentions;
  std::map<std::string, std::vector<const CXXMemberCallExpr *>> ownCalls;
  std::vector<const Expr *> sinks;
  std::vector<const Expr *> moduleObjects;
  std::set<const MemberExpr *> live;
  std::map<const LambdaExpr *, std::vector<const MemberExpr *>> lambdaMentions;  // in followed lambdas
  std::set<const MemberExpr *> metadataReads;
  std::set<const DeclRefExpr *> writtenRefs;  // a local as the target of `=`

 private:
  void assignment(const Expr *lhs, const Expr *rhs) {
    if (lambdaDepth_) return;
    if (const auto *ref = dyn_cast<DeclRefExpr>(stripCopies(lhs))) writtenRefs.insert(ref);
    if (!writtenLocal(lhs)) sinks.push_back(rhs);  // stored into a member, a parameter, a reference
  }

  // A call that is a statement of its own (its temporary result dropped).
  bool discarded(const CallExpr *call) const {
    for (const Expr *e : flow_.discarded())
      if (e->IgnoreImplicit() == call) return true;
    return false;
  }

  // A library function that only computes its result from its operands.
  bool transparent(const CallExpr *call) const {
    const FunctionDecl *fd = call->getDirectCallee();
    return fd && isLibraryDecl(fd) && !fd->getReturnType()->isVoidType() && !flow_.discarded().count(call);
  }

  const LocalFlow &flow_;
  const CXXRecordDecl *owner_;
  int lambdaDepth_ = 0;  // inside a lambda that is not followed
  const LambdaExpr *inFollowed_ = nullptr;
  std::set<const LambdaExpr *> followed_;
};

// The forward() of a user module that a call runs, with the arguments that
// stand for its parameters: `dec(tgt, memory)` on a holder, `dec->forward(...)`.
struct ForwardCall {
  const FunctionDecl *forward = nullptr;  // its definition
  std::vector<const Expr *> args;         // by parameter
};

// A user function or an own method, called directly, whose result carries
// what its body computes from its parameters: defined, not virtual, not
// overloaded by name in its class, no parameter it could write the caller's
// value through (a non-const reference or pointer), and a result.
std::optional<ForwardCall> userFunctionCall(const CallExpr *call) {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee || isa<CXXOperatorCallExpr>(call) || isLibraryDecl(callee) || callee->getReturnType()->isVoidType() ||
      callee->isVariadic() || callee->isTemplated())
    return std::nullopt;
  if (const auto *md = dyn_cast<CXXMethodDecl>(callee)) {
    const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
    if (!mc || md->isVirtual() || !isa<CXXThisExpr>(mc->getImplicitObjectArgument()->IgnoreParenImpCasts()) ||
        !md->getDeclName().isIdentifier())
      return std::nullopt;
    unsigned named = 0;
    for (const NamedDecl *d : md->getParent()->lookup(md->getDeclName())) named += d != nullptr;
    if (named != 1) return std::nullopt;
  } else if (!callee->getDeclName().isIdentifier()) {
    return std::nullopt;
  }
  const FunctionDecl *definition = nullptr;
  if (!callee->hasBody(definition) || call->getNumArgs() > definition->getNumParams()) return std::nullopt;
  for (const ParmVarDecl *p : definition->parameters()) {
    QualType t = p->getType();
    if ((t->isReferenceType() && !t.getNonReferenceType().isConstQualified()) || t->isPointerType()) return std::nullopt;
  }
  ForwardCall out;
  out.forward = definition;
  out.args.assign(call->arg_begin(), call->arg_end());
  return out;
}

bool isFollowedUserCall(const CallExpr *call) { return userFunctionCall(call).has_value(); }

std::optional<ForwardCall> userForwardCall(const CallExpr *call) {
  const CXXRecordDecl *impl = nullptr;
  ForwardCall out;
  const Expr *object = nullptr;
  if (!isModuleCall(call, object)) return userFunctionCall(call);
  unsigned first = 0;
  if (isa<CXXOperatorCallExpr>(call)) {
    impl = moduleImplOf(object->getType());
    first = 1;
  } else if (const CXXMethodDecl *md = cast<CXXMemberCallExpr>(call)->getMethodDecl()) {
    impl = md->getParent();
  }
  if (!impl || !impl->hasDefinition() || isLibraryDecl(impl)) return std::nullopt;
  impl = impl->getDefinition();
  const CXXMethodDecl *forward = nullptr;
  for (const NamedDecl *d : impl->lookup(&impl->getASTContext().Idents.get("forward"))) {
    const auto *md = dyn_cast<CXXMethodDecl>(d);
    if (!md || forward) return std::nullopt;  // overloaded, or a template: not followed
    forward = md;
  }
  const FunctionDecl *definition = nullptr;
  if (!forward || !forward->hasBody(definition) || forward->isVirtual()) return std::nullopt;
  if (call->getNumArgs() - first > definition->getNumParams()) return std::nullopt;
  out.forward = definition;
  for (unsigned i = first; i < call->getNumArgs(); ++i) out.args.push_back(call->getArg(i));
  return out;
}

// Which parameters of a user module's forward() can give a gradient back:
// those whose value reaches what it returns, stores or passes on.
std::vector<bool> liveParameters(const FunctionDecl *forward, ASTContext &ctx, int depth);

// Traces a gradient from `from` to the members whose values flow there. A
// call of a user module's forward() whose body is seen passes on only the
// arguments of its live parameters: `decoder(tgt, memory)` gives no gradient
// to `memory` when the decoder's forward() never uses it.
// An argument that a called forward() never uses.
struct Dropped {
  const Expr *arg;
  const FunctionDecl *forward;
  unsigned param;
};

struct TraceOptions {
  bool throughCuts = false;  // follow values through detach(), NoGradGuard, ...
  bool prune = true;         // drop the arguments a called forward() never uses
  std::vector<Dropped> *dropped = nullptr;
};

void traceGradient(const LocalFlow &flow, const Expr *from, ASTContext &ctx, int depth, const TraceOptions &o,
                   const std::function<void(const Expr *)> &onLeaf, std::set<const Expr *> &expanded) {
  flow.trace(
      from,
      [&](const Expr *leaf, std::optional<unsigned>) {
        onLeaf(leaf);
        const auto *call = dyn_cast<CallExpr>(leaf);
        std::optional<ForwardCall> fc = call && o.prune && depth < 3 ? userForwardCall(call) : std::nullopt;
        if (!fc) return true;
        if (!expanded.insert(leaf).second) return false;
        std::vector<bool> live = liveParameters(fc->forward, ctx, depth + 1);
        const Expr *object = nullptr;
        isModuleCall(call, object);
        traceGradient(flow, object, ctx, depth, o, onLeaf, expanded);
        for (unsigned i = 0; i < fc->args.size(); ++i) {
          if (i >= live.size() || live[i]) traceGradient(flow, fc->args[i], ctx, depth, o, onLeaf, expanded);
          else if (o.dropped) o.dropped->push_back({fc->args[i], fc->forward, i});
        }
        return false;
      },
      o.throughCuts);
}

// Members whose values flow into `from`; a followed lambda's value carries
// every member it mentions.
std::set<const MemberExpr *> reachedMembers(const LocalFlow &flow, const Scan &scan,
                                            const std::vector<const Expr *> &from, const TraceOptions &o,
                                            ASTContext &ctx) {
  std::set<const MemberExpr *> out;
  std::set<const Expr *> expanded;
  for (const Expr *e : from)
    traceGradient(flow, e, ctx, 0, o, [&](const Expr *leaf) {
      if (const auto *me = dyn_cast<MemberExpr>(leaf); me && isThisMember(me)) out.insert(me);
      if (const auto *l = dyn_cast<LambdaExpr>(leaf))
        if (auto it = scan.lambdaMentions.find(l); it != scan.lambdaMentions.end())
          out.insert(it->second.begin(), it->second.end());
    }, expanded);
  return out;
}

// Answers for the forward() bodies seen while judging one method (cleared for each).
std::map<const FunctionDecl *, std::vector<bool>> &liveCache() {
  static std::map<const FunctionDecl *, std::vector<bool>> cache;
  return cache;
}

std::vector<bool> liveParameters(const FunctionDecl *forward, ASTContext &ctx, int depth) {
  if (auto it = liveCache().find(forward); it != liveCache().end()) return it->second;
  liveCache()[forward] = std::vector<bool>(forward->getNumParams(), true);  // a cycle: assume used
  std::vector<bool> live(forward->getNumParams(), false);
  LocalFlow flow(forward, ctx);
  const auto *md = dyn_cast<CXXMethodDecl>(forward);
  Scan scan(flow, md ? md->getParent() : nullptr);
  scan.run(forward->getBody());
  std::set<const Expr *> expanded;
  for (const Expr *sink : scan.sinks)
    traceGradient(flow, sink, ctx, depth, TraceOptions{}, [&](const Expr *leaf) {
      if (const auto *ref = dyn_cast<DeclRefExpr>(leaf))
        if (const auto *p = dyn_cast<ParmVarDecl>(ref->getDecl()); p && p->getDeclContext() == forward)
          live[p->getFunctionScopeIndex()] = true;
    }, expanded);
  liveCache()[forward] = live;
  return live;
}

bool contains(const SourceManager &sm, SourceRange r, SourceLocation loc) {
  return r.isValid() && !sm.isBeforeInTranslationUnit(loc, r.getBegin()) &&
         !sm.isBeforeInTranslationUnit(r.getEnd(), loc);
}

// What cuts the gradient of a use: the innermost gradient cut or C++ number
// around it, described for the message; "" for detach(), data() and item(),
// which the message names anyway.
std::string cutAround(const Stmt *body, const MemberExpr *use, ASTContext &ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &sm;
    SourceLocation at;
    const Expr *best = nullptr;
    Finder(const SourceManager &s, SourceLocation l) : sm(s), at(l) {}
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitExpr(Expr *e) {
      const auto *call = dyn_cast<CallExpr>(e);
      bool scalar = isScalarValue(e) && !isa<ImplicitCastExpr>(e) && e->children().begin() != e->children().end();
      bool cut = (call && isGradientCut(call)) || scalar;
      if (cut && contains(sm, e->getSourceRange(), at)) best = e;  // visited outermost first
      return true;
    }
  } finder(ctx.getSourceManager(), use->getBeginLoc());
  finder.TraverseStmt(const_cast<Stmt *>(body));
  if (!finder.best) return "";
  if (const auto *call = dyn_cast<CallExpr>(finder.best); call && isGradientCut(call)) {
    const FunctionDecl *fd = call->getDirectCallee();
    std::string n = fd->getDeclName().isIdentifier() ? fd->getName().str() : "";
    if (n == "detach" || n == "detach_" || n == "data" || n == "item") return "";
    if (n.empty()) return "a comparison, which carries no gradient";
    return n + "(), which carries no gradient";
  }
  return "a C++ number ('" + finder.best->getType().getNonReferenceType().getUnqualifiedType().getAsString() +
         "'), which carries no gradient";
}

}  // namespace

DeadUses findDeadUses(const CXXMethodDecl *method, ASTContext &ctx) {
  DeadUses out;
  if (!method->getBody()) return out;
  const SourceManager &sm = ctx.getSourceManager();
  LocalFlow flow(method, ctx);
  Scan scan(flow, method->getParent());
  scan.run(method->getBody());
  liveCache().clear();

  std::vector<Dropped> dropped;
  std::set<const MemberExpr *> gradient = reachedMembers(flow, scan, scan.sinks, TraceOptions{false, true, &dropped}, ctx);
  std::set<const MemberExpr *> value = reachedMembers(flow, scan, scan.sinks, TraceOptions{true, false, nullptr}, ctx);
  // Where the value goes when arguments that a called forward() ignores are dropped.
  std::set<const MemberExpr *> kept = reachedMembers(flow, scan, scan.sinks, TraceOptions{true, true, &dropped}, ctx);
  // Uses that would give a gradient if their value got anywhere: tensor
  // members read, and modules whose forward() is called.
  std::set<const MemberExpr *> computing = reachedMembers(flow, scan, scan.moduleObjects, TraceOptions{true, false, nullptr}, ctx);

  std::map<const Decl *, unsigned> reads;
  struct Reads : RecursiveASTVisitor<Reads> {
    std::map<const Decl *, unsigned> &reads;
    const std::set<const DeclRefExpr *> &written;
    bool VisitDeclRefExpr(DeclRefExpr *r) {
      if (!written.count(r)) ++reads[r->getDecl()];
      return true;
    }
  } counter{{}, reads, scan.writtenRefs};
  counter.TraverseStmt(method->getBody());

  ConstantBranches constants(method->getBody(), ctx);
  for (const auto &[member, all] : scan.mentions) {
    // Uses under a constant false condition never run: they do not count.
    std::vector<const MemberExpr *> uses;
    for (const MemberExpr *me : all)
      if (!constants.neverRuns(me)) uses.push_back(me);
    if (uses.empty()) {
      out.members[member] = DeadUse{DeadReason::NeverRuns, toPoint(sm, all.front()->getBeginLoc()),
                                    *constants.neverRuns(all.front())};
      continue;
    }
    const MemberExpr *first = nullptr;
    bool isLive = false;
    for (const MemberExpr *me : uses) {
      bool computes = computing.count(me) || (isTensorType(me->getType()) && !scan.metadataReads.count(me));
      if (scan.live.count(me) || gradient.count(me) || (!computes && !flow.underNoGrad(me))) {
        isLive = true;
        break;
      }
      if (!first || (computes && !(computing.count(first) || isTensorType(first->getType())))) first = me;
    }
    if (isLive || !first) continue;
    DeadUse d;
    d.loc = toPoint(sm, first->getBeginLoc());
    if (const VarDecl *guard = flow.noGradGuardOf(first)) {
      d.reason = DeadReason::NoGrad;
      d.variable = guard->getNameAsString();
    } else if (value.count(first) && !kept.count(first)) {
      d.reason = DeadReason::IgnoredByCallee;
      for (const Dropped &drop : dropped)
        if (reachedMembers(flow, scan, {drop.arg}, TraceOptions{true, true, nullptr}, ctx).count(first)) {
          const ParmVarDecl *p = drop.forward->getParamDecl(drop.param);
          const auto *md = dyn_cast<CXXMethodDecl>(drop.forward);
          d.variable = "parameter '" + p->getNameAsString() + "' of " +
                       (md ? md->getParent()->getNameAsString() + "::" : std::string()) +
                       drop.forward->getNameAsString() + "()";
          d.loc = toPoint(sm, drop.arg->getBeginLoc());
          break;
        }
    } else if (value.count(first)) {
      d.reason = DeadReason::Detached;
      d.variable = cutAround(method->getBody(), first, ctx);
    } else {
      // The local the value went into, if any: the innermost definition around the use.
      const LocalFlow::Def *into = nullptr;
      for (const LocalFlow::Def &def : flow.defs())
        if (!lambdaOf(def.value) && contains(sm, def.value->getSourceRange(), first->getBeginLoc()) &&
            (!into || contains(sm, into->value->getSourceRange(), def.value->getBeginLoc())))
          into = &def;
      d.reason = DeadReason::Discarded;
      if (into) {
        d.variable = cast<NamedDecl>(into->var)->getNameAsString();
        // A field of a local struct: the struct may be read, that field is not.
        const FieldDecl *field = nullptr;
        if (const auto *v = dyn_cast<ValueDecl>(into->var); v && into->field)
          if (const RecordDecl *rd = v->getType().getNonReferenceType()->getAsRecordDecl())
            for (const FieldDecl *f : rd->fields())
              if (f->getFieldIndex() == *into->field) field = f;
        if (field) d.variable += "." + field->getNameAsString();
        else if (reads[into->var] > 0) d.reason = DeadReason::Overwritten;
      }
    }
    out.members[member] = d;
  }

  for (const auto &[callee, calls] : scan.ownCalls) {
    if (std::all_of(calls.begin(), calls.end(), [&](const CXXMemberCallExpr *c) { return constants.neverRuns(c); })) {
      out.callees[callee] = DeadUse{DeadReason::NeverRuns, toPoint(sm, calls.front()->getBeginLoc()),
                                    *constants.neverRuns(calls.front())};
      continue;
    }
    const VarDecl *guard = nullptr;
    for (const CXXMemberCallExpr *call : calls)
      if (!(guard = flow.noGradGuardOf(call))) break;
    if (guard)
      out.callees[callee] = DeadUse{DeadReason::NoGrad, toPoint(sm, calls.front()->getBeginLoc()), guard->getNameAsString()};
  }
  return out;
}

void recordDeadUses(MethodFact &m, const CXXMethodDecl *method, ASTContext &ctx, bool otherOverload) {
  DeadUses d = findDeadUses(method, ctx);
  if (!otherOverload) {
    m.deadMembers = std::move(d.members);
    m.deadCallees = std::move(d.callees);
    return;
  }
  for (auto it = m.deadMembers.begin(); it != m.deadMembers.end();)
    it = d.members.count(it->first) ? std::next(it) : m.deadMembers.erase(it);
  for (auto it = m.deadCallees.begin(); it != m.deadCallees.end();)
    it = d.callees.count(it->first) ? std::next(it) : m.deadCallees.erase(it);
}

}  // namespace nnlint
