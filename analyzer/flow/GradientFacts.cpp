#include "flow/GradientFacts.h"

#include "flow/AstUtil.h"
#include "flow/LocalFlow.h"
#include "flow/OutputKeys.h"
#include "flow/TorchTypes.h"
#include "flow/TrainingSteps.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <tuple>

using namespace clang;

namespace nnlint {
namespace {

bool isThis(const Expr *e) { return e && isa<CXXThisExpr>(e->IgnoreParenImpCasts()); }

// The user module class whose forward() a call runs: `net->forward(x)`, `net(x)`.
std::optional<std::string> forwardCallee(const CallExpr *call) {
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
    if (op->getOperator() != OO_Call || op->getNumArgs() < 1) return std::nullopt;
    auto held = classifyMemberType(op->getArg(0)->getType());
    if (!held || held->kind != HoldKind::Holder || isLibraryModuleClass(held->moduleClass)) return std::nullopt;
    const auto *md = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee());
    const CXXRecordDecl *holder = md ? md->getParent() : nullptr;
    const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(holder);
    if (!spec || spec->getTemplateArgs().size() < 1) return std::nullopt;
    const CXXRecordDecl *impl = spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
    if (!impl) return std::nullopt;
    return classKey(impl);
  }
  const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
  const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
  if (!md || md->getName() != "forward" || !isModuleClass(md->getParent())) return std::nullopt;
  if (isLibraryModuleClass(md->getParent()->getQualifiedNameAsString())) return std::nullopt;
  return classKey(md->getParent());
}

// The module object a forward call runs on (`net` in `net(x)`, `net->forward(x)`).
const ValueDecl *forwardObject(const CallExpr *call) {
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) return op->getNumArgs() ? rootDecl(op->getArg(0)) : nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) return rootDecl(mc->getImplicitObjectArgument());
  return nullptr;
}

unsigned outputCount(QualType t) {
  const auto *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd) return 0;
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd)) {
    std::string n = spec->getQualifiedNameAsString();
    if (n == "std::pair") return 2;
    if (n == "std::tuple") {
      const TemplateArgument &pack = spec->getTemplateArgs()[0];
      return pack.getKind() == TemplateArgument::Pack ? pack.pack_size() : 0;
    }
    return 0;
  }
  if (rd->isInStdNamespace() || isTensorType(t)) return 0;
  unsigned n = 0;
  for (auto it = rd->field_begin(); it != rd->field_end(); ++it) ++n;
  return n;
}

std::vector<std::string> fieldNames(QualType t) {
  std::vector<std::string> names;
  const auto *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  if (!rd || rd->isInStdNamespace() || isa<ClassTemplateSpecializationDecl>(rd)) return names;
  for (const FieldDecl *f : rd->fields()) names.push_back(f->getNameAsString());
  return names;
}

// The body a call runs, when it is the user's and the call can run no other:
// a free function, a method (a trainer's `loss_of(batch)`), a lambda or a
// functor's operator(). A virtual method may run an override nnlint has not
// seen: not followed (its result then counts as using all it was given).
// Nor are a module's own methods: the forward() calls they make are inside
// the model, where forward() itself is not followed either.
const FunctionDecl *userDefinition(const CallExpr *call, const SourceFilter &filter, const SourceManager &sm) {
  const FunctionDecl *fd = call->getDirectCallee();
  const FunctionDecl *def = nullptr;
  if (!fd || !fd->hasBody(def) || !def) return nullptr;
  if (const auto *md = dyn_cast<CXXMethodDecl>(def)) {
    if (md->isVirtual() && !md->hasAttr<FinalAttr>() && !md->getParent()->hasAttr<FinalAttr>()) return nullptr;
    if (isModuleClass(md->getParent())) return nullptr;
  }
  return filter.isLibrary(sm, def->getLocation()) ? nullptr : def;
}

// The argument a helper's parameter stands for; in `functor(a, b)` argument 0
// is the functor itself.
const Expr *argumentFor(const CallExpr *call, const ParmVarDecl *p) {
  unsigned i = p->getFunctionScopeIndex();
  if (isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(call->getDirectCallee())) ++i;
  return i < call->getNumArgs() ? call->getArg(i) : nullptr;
}

struct Accumulated {
  std::set<unsigned> used;
  bool whole = false;
};

class LossTracer {
 public:
  LossTracer(ASTContext &ctx, const SourceFilter &filter) : ctx_(ctx), filter_(filter) {}

  void trace(const LocalFlow &flow, const Expr *value, int depth) { trace(flow, value, std::nullopt, depth, nullptr); }

  std::map<const CallExpr *, Accumulated> calls_;
  std::map<const CallExpr *, std::string> classes_;
  std::map<const CallExpr *, const LocalFlow *> flows_;

 private:
  // A call of a loss helper being followed: its parameters stand for the
  // caller's arguments, traced in the caller's flow.
  struct Binding {
    const FunctionDecl *helper;
    const LocalFlow *callerFlow;
    const CallExpr *call;
    int depth;
    const Binding *outer;
  };

  void trace(const LocalFlow &flow, const Expr *value, std::optional<unsigned> element, int depth,
             const Binding *binding) {
    flow.traceElement(value, element, [&](const Expr *leaf, std::optional<unsigned> selected) {
      // A helper's parameter: continue with the argument, keeping the field
      // the helper selects (a struct passed whole, of which it reads some fields).
      if (const auto *ref = dyn_cast<DeclRefExpr>(leaf); ref && binding)
        if (const auto *p = dyn_cast<ParmVarDecl>(ref->getDecl()); p && p->getDeclContext() == binding->helper)
          if (const Expr *arg = argumentFor(binding->call, p)) {
            trace(*binding->callerFlow, arg, selected, binding->depth, binding->outer);
            return false;
          }
      const auto *call = dyn_cast<CallExpr>(leaf);
      if (!call) return true;
      if (auto cls = forwardCallee(call)) {
        Accumulated &a = calls_[call];
        classes_[call] = *cls;
        flows_[call] = &flow;
        if (selected) a.used.insert(*selected);
        else a.whole = true;
        return true;
      }
      // A loss helper in the same file: what it returns is what reaches backward().
      if (depth < 3)
        if (const FunctionDecl *helper = userDefinition(call, filter_, ctx_.getSourceManager())) {
          auto &h = helpers_[helper];
          if (!h) h = std::make_unique<LocalFlow>(helper, ctx_);
          Binding inner{helper, &flow, call, depth, binding};
          for (const auto &alternatives : h->returnedElements())
            for (const Expr *r : alternatives) trace(*h, r, std::nullopt, depth + 1, &inner);
          if (h->returnedElements().empty()) traceReturns(*h, helper, depth + 1, &inner);
          return false;  // its arguments count through its parameters
        }
      return true;
    });
  }

  void traceReturns(const LocalFlow &flow, const FunctionDecl *fd, int depth, const Binding *binding) {
    for (const Expr *v : returnedValues(fd)) trace(flow, v, std::nullopt, depth, binding);
  }

  ASTContext &ctx_;
  const SourceFilter &filter_;
  std::map<const FunctionDecl *, std::unique_ptr<LocalFlow>> helpers_;
};

}  // namespace

std::vector<OutputFact> forwardOutputs(const FunctionDecl *forward, ASTContext &ctx) {
  LocalFlow flow(forward, ctx);
  std::vector<std::vector<const Expr *>> elements = flow.returnedElements();
  std::vector<std::string> names = fieldNames(forward->getReturnType());
  bool keyed = elements.size() < 2 && isKeyedOutputType(forward->getReturnType());
  if (keyed) {
    elements.clear();
    for (auto &[key, values] : flow.returnedKeys()) {
      names.push_back(key);
      elements.push_back(std::move(values));
    }
  }
  std::vector<OutputFact> out;
  if (elements.size() < 2) return out;
  const auto *owner = cast<CXXMethodDecl>(forward)->getParent();
  for (unsigned i = 0; i < elements.size(); ++i) {
    OutputFact o;
    if (i < names.size()) o.name = names[i];
    o.keyed = keyed;
    for (const Expr *e : elements[i])
      flow.trace(e, [&](const Expr *leaf, std::optional<unsigned>) {
        if (const auto *me = dyn_cast<MemberExpr>(leaf); me && isThis(me->getBase()) && isa<FieldDecl>(me->getMemberDecl()))
          o.members.insert(me->getMemberDecl()->getNameAsString());
        if (const auto *mc = dyn_cast<CXXMemberCallExpr>(leaf))
          if (const CXXMethodDecl *md = mc->getMethodDecl(); md && md->getParent() == owner && isThis(mc->getImplicitObjectArgument()))
            o.callees.insert(md->getNameAsString());
        return true;
      });
    out.push_back(std::move(o));
  }
  return out;
}

namespace {

// An empty tensor or optional: `torch::Tensor()`, `{}`, `c10::nullopt`.
bool isEmptyInput(const Expr *e) {
  e = stripCopies(e);
  if (!e) return false;
  if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 0) return true;
  if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 1)
    return isEmptyInput(c->getArg(0));  // an optional<Tensor> made from nullopt
  if (const auto *il = dyn_cast<InitListExpr>(e)) return il->getNumInits() == 0;
  if (isa<CXXScalarValueInitExpr>(e)) return true;
  const CXXRecordDecl *rd = e->getType()->getAsCXXRecordDecl();
  return rd && rd->getName() == "nullopt_t";
}

void recordInputPresence(const CallExpr *call, ForwardCallFact &f) {
  unsigned first = isa<CXXOperatorCallExpr>(call) ? 1 : 0;  // holder(x): argument 0 is the holder
  for (unsigned i = 0; i + first < call->getNumArgs(); ++i) {
    const Expr *arg = call->getArg(i + first);
    if (isa<CXXDefaultArgExpr>(arg)) break;
    f.inputsWritten = i + 1;
    if (isEmptyInput(arg)) f.inputsEmpty.insert(i);
    else if (const auto *c = dyn_cast<ConditionalOperator>(arg->IgnoreParenImpCasts()))
      if (isEmptyInput(c->getTrueExpr()) || isEmptyInput(c->getFalseExpr())) f.inputsSometimes.insert(i);
  }
}

}  // namespace

std::vector<ForwardCallFact> forwardCallsReachingBackward(const FunctionDecl *fd, ASTContext &ctx,
                                                          const SourceFilter &filter) {
  struct Backwards : RecursiveASTVisitor<Backwards> {
    std::vector<std::pair<const CallExpr *, const Expr *>> losses;
    bool VisitCallExpr(CallExpr *call) {
      if (calleeName(call) != "backward") return true;
      if (const Expr *obj = callObject(call); obj && isTensorType(obj->getType())) losses.push_back({call, obj});
      else if (!callObject(call))
        for (const Expr *arg : call->arguments()) losses.push_back({call, arg});
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } backwards;
  backwards.TraverseStmt(fd->getBody());
  std::vector<ForwardCallFact> out;
  if (backwards.losses.empty()) return out;

  LocalFlow flow(fd, ctx);
  TrainingSteps steps(fd, ctx);
  const SourceManager &sm = ctx.getSourceManager();
  // Calls of one module object (or, when the object is unknown, of one class)
  // share their outputs: `net(a)` may feed output 0 to the loss and `net(b)`
  // output 1. Only the losses whose gradients reach an optimizer step that
  // may hold the module count (TrainingSteps).
  struct Group {
    std::set<unsigned> used;
    bool whole = false;
  };
  std::map<std::pair<const ValueDecl *, std::string>, Group> groups;
  struct Reached {
    std::string cls;
    const LocalFlow *flow;
    const CallExpr *backward;
    std::pair<const ValueDecl *, std::string> group;
  };
  std::map<const CallExpr *, Reached> calls;
  std::vector<std::unique_ptr<LossTracer>> tracers;  // own the helpers' flows
  for (const auto &[backward, loss] : backwards.losses) {
    tracers.push_back(std::make_unique<LossTracer>(ctx, filter));
    LossTracer &tracer = *tracers.back();
    tracer.trace(flow, loss, 0);
    for (const auto &[call, acc] : tracer.calls_) {
      const LocalFlow *in = tracer.flows_[call];
      const ValueDecl *module = in == &flow ? forwardObject(call) : nullptr;
      if (!steps.matters(backward, module)) continue;
      std::pair<const ValueDecl *, std::string> key{module, module ? "" : tracer.classes_[call]};
      Group &g = groups[key];
      g.used.insert(acc.used.begin(), acc.used.end());
      g.whole |= acc.whole;
      calls.emplace(call, Reached{tracer.classes_[call], in, backward, key});
    }
  }
  for (const auto &[call, r] : calls) {
    const Group &g = groups[r.group];
    ForwardCallFact f;
    f.moduleClass = r.cls;
    f.loc = toPoint(sm, call->getBeginLoc());
    f.backwardLoc = toPoint(sm, r.backward->getBeginLoc());
    f.function = fd->getNameAsString();
    f.outputs = outputCount(call->getType());
    for (unsigned u : g.used) {
      if (auto key = elementKey(u)) f.usedKeys.insert(*key);
      else f.used.insert(u);
    }
    f.wholeResultUsed = g.whole;
    recordInputPresence(call, f);
    for (const LocalFlow::ElementBinding &b : r.flow->elementBindings()) {
      if (b.value->IgnoreImplicit()->IgnoreParens() != call || f.boundAt.count(b.element) || elementKey(b.element))
        continue;
      f.boundAt[b.element] = toPoint(sm, b.var->getLocation());
      f.boundName[b.element] = b.var->getNameAsString();
    }
    out.push_back(std::move(f));
  }
  // In the order of the source, not of the calls' addresses: the same text
  // must give the same index in every process (lsp/ParseHost compares them).
  std::stable_sort(out.begin(), out.end(), [](const ForwardCallFact &a, const ForwardCallFact &b) {
    return std::tie(a.loc, a.backwardLoc) < std::tie(b.loc, b.backwardLoc);
  });
  return out;
}

}  // namespace nnlint
