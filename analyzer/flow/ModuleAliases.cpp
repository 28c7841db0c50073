#include "flow/ModuleAliases.h"

#include "flow/AstUtil.h"
#include "flow/LibrarySemantics.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {

namespace {

bool holdsModule(QualType t) {
  auto held = classifyMemberType(t);
  return held && held->kind != HoldKind::Tensor;
}

bool isStdMoveOrForward(const CallExpr *call) {
  if (call->getNumArgs() != 1) return false;
  if (call->getDirectCallee()) return libraryEffect(call) == LibraryEffect::PassesArgument;
  std::string name = calleeName(call);
  const auto *lookup = dyn_cast<UnresolvedLookupExpr>(call->getCallee()->IgnoreParenImpCasts());
  const NestedNameSpecifier *q = lookup ? lookup->getQualifier() : nullptr;
  return (name == "move" || name == "forward") && q && q->getAsNamespace() && q->getAsNamespace()->isStdNamespace();
}

}  // namespace

const Expr *stripModuleCopies(const Expr *e) {
  while (e) {
    const Expr *before = e;
    e = stripCopies(e);
    // Conversions between holders and shared_ptrs keep the module: Linear(ptr), shared_ptr<LinearImpl>(fc).
    if (const auto *c = dyn_cast<CXXConstructExpr>(e))
      if (c->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(c) && holdsModule(c->getArg(0)->getType()))
        e = c->getArg(0);
    if (const auto *c = dyn_cast<CXXMemberCallExpr>(e))
      if (isa_and_nonnull<CXXConversionDecl>(c->getMethodDecl())) e = c->getImplicitObjectArgument();
    if (const auto *call = dyn_cast<CallExpr>(e); call && isStdMoveOrForward(call)) e = call->getArg(0);
    if (e == before) break;
  }
  return e;
}

namespace {

bool isThisExpr(const Expr *e) { return e && isa<CXXThisExpr>(e->IgnoreParenImpCasts()); }

bool isAppend(const std::string &n) {
  return n == "push_back" || n == "emplace_back" || n == "push_front" || n == "emplace_front" || n == "insert" ||
         n == "emplace" || n == "try_emplace" || n == "insert_or_assign" || n == "assign";
}

// `b.fc` of a local user struct that holds modules (`Block b;`): the struct
// is summarised as one value, so what its fields are given is what it holds.
bool isStructField(const MemberExpr *me) {
  if (me->isArrow() || !isa<FieldDecl>(me->getMemberDecl())) return false;
  const CXXRecordDecl *rd = me->getBase()->getType()->getAsCXXRecordDecl();
  auto held = classifyMemberType(me->getBase()->getType());
  return rd && !rd->isInStdNamespace() && held && held->kind == HoldKind::Container;
}

// The local variable at the root of an lvalue (`v`, `v[i]`, `*it`, `v.at(i)`, `b.fc`).
const VarDecl *rootLocal(const Expr *e) {
  for (int depth = 0; e && depth < 16; ++depth) {
    e = stripModuleCopies(e);
    if (const auto *dre = dyn_cast_or_null<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      return v && v->hasLocalStorage() && !isa<ParmVarDecl>(v) ? v : nullptr;
    }
    if (const auto *as = dyn_cast_or_null<ArraySubscriptExpr>(e)) e = as->getBase();
    else if (const auto *me = dyn_cast_or_null<MemberExpr>(e); me && isStructField(me)) e = me->getBase();
    else if (const auto *op = dyn_cast_or_null<CXXOperatorCallExpr>(e);
             op && op->getOperator() == OO_Subscript && op->getNumArgs() == 2)
      e = op->getArg(0);
    else return nullptr;
  }
  return nullptr;
}

}  // namespace

// Collects, once per body, every value stored into a local.
class AliasCollector : public RecursiveASTVisitor<AliasCollector> {
 public:
  explicit AliasCollector(ModuleAliases &a) : a_(a) {}

  bool VisitCXXForRangeStmt(CXXForRangeStmt *s) {
    if (const VarDecl *v = s->getLoopVariable()) {
      loopVars_.insert(v);
      a_.addSource(v, s->getRangeInit());
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *v) {
    if (v->hasInit() && !isa<ParmVarDecl>(v) && !loopVars_.count(v)) a_.addSource(v, v->getInit());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->getOpcode() == BO_Assign) assign(op->getLHS(), op->getRHS());
    return true;
  }

  bool VisitCallExpr(CallExpr *call) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      if (op->getOperator() == OO_Equal && op->getNumArgs() == 2) assign(op->getArg(0), op->getArg(1));
      return true;
    }
    if (!isAppend(calleeName(call))) return true;
    if (const VarDecl *v = rootLocal(callObject(call)))
      for (const Expr *arg : call->arguments()) a_.addSource(v, arg);
    return true;
  }

 private:
  void assign(const Expr *lhs, const Expr *rhs) {
    if (const VarDecl *v = rootLocal(lhs)) a_.addSource(v, rhs);
  }

  ModuleAliases &a_;
  std::set<const VarDecl *> loopVars_;
};

ModuleAliases::ModuleAliases(const FunctionDecl *fd, const CXXRecordDecl *owner,
                             std::function<std::string(const CallExpr *)> helperOf)
    : fd_(fd), owner_(owner), helperOf_(std::move(helperOf)) {
  AliasCollector collector(*this);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    for (const CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten()) collector.TraverseStmt(init->getInit());
  collector.TraverseStmt(fd->getBody());
}

bool ModuleAliases::isMemberOfOwner(const FieldDecl *f) const {
  if (!owner_) return false;
  const auto *parent = dyn_cast<CXXRecordDecl>(f->getDeclContext());
  if (!parent) return false;
  if (parent == owner_) return true;
  // A member of a user module base class is the derived class's member too.
  return owner_->hasDefinition() && isModuleClass(parent) && owner_->isDerivedFrom(parent);
}

bool isUnknownModule(const ModuleRef &m) {
  return m.kind == ModuleRef::Kind::Unknown;
}

ModuleRefs ModuleAliases::denotes(const Expr *e) { return denotes(e, 0); }

ModuleRefs ModuleAliases::denotesLocal(const VarDecl *v, int depth) {
  auto have = done_.find(v);
  if (have != done_.end()) return have->second;
  if (!inProgress_.insert(v).second) return {};  // a cycle adds nothing new
  ModuleRefs out;
  auto it = sources_.find(v);
  if (it != sources_.end())
    for (const Expr *src : it->second) {
      ModuleRefs more = denotes(src, depth + 1);
      out.insert(more.begin(), more.end());
    }
  inProgress_.erase(v);
  if (inProgress_.empty()) done_[v] = out;  // complete only outside any cycle
  return out;
}

// What `e` denotes; a module-typed value the analysis cannot follow is an
// Unknown module rather than nothing, so that no check takes it for a fresh one.
ModuleRefs ModuleAliases::denotes(const Expr *e, int depth) {
  ModuleRefs out = denotesFollowed(e, depth);
  if (!out.empty() || !e || depth > 24) return out;
  const Expr *v = stripModuleCopies(e);
  if (!v || isNullValue(v) || !classifyMemberType(v->getType())) return out;
  if (isa<InitListExpr>(v) || isa<CXXStdInitializerListExpr>(v)) return out;  // an empty list holds nothing
  if (const auto *c = dyn_cast<CXXConstructExpr>(v); c && c->getNumArgs() == 0) return out;
  if (const auto *dre = dyn_cast<DeclRefExpr>(v))
    if (const auto *var = dyn_cast<VarDecl>(dre->getDecl()); var && var->hasLocalStorage() && !isa<ParmVarDecl>(var))
      return out;  // a local given no module: what it is given is its sources
  return {ModuleRef{ModuleRef::Kind::Unknown, "", 0, v}};
}

ModuleRefs ModuleAliases::denotesFollowed(const Expr *e, int depth) {
  if (!e || depth > 24) return {};
  e = stripModuleCopies(e);
  if (!e || isNullValue(e)) return {};
  auto join = [&](auto &&range) {
    ModuleRefs out;
    for (const Expr *part : range) {
      ModuleRefs more = denotes(part, depth + 1);
      out.insert(more.begin(), more.end());
    }
    return out;
  };

  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (field && isThisExpr(me->getBase()) && isMemberOfOwner(field))
      return {ModuleRef{ModuleRef::Kind::Member, field->getNameAsString()}};
    std::string n = me->getMemberDecl()->getNameAsString();
    if (n == "first" || n == "second") return denotes(me->getBase(), depth + 1);
    // A field of a user struct that wraps containers of modules (bank.items).
    if (auto held = classifyMemberType(me->getBase()->getType()); held && held->kind == HoldKind::Container)
      return denotes(me->getBase(), depth + 1);
    return {};
  }
  if (const auto *dm = dyn_cast<CXXDependentScopeMemberExpr>(e)) {
    if (owner_ && (dm->isImplicitAccess() || isThisExpr(dm->getBase())))
      return {ModuleRef{ModuleRef::Kind::Member, dm->getMemberNameInfo().getAsString()}};
    std::string n = dm->getMemberNameInfo().getAsString();
    if (n == "first" || n == "second") return denotes(dm->getBase(), depth + 1);
    return {};
  }
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) return denotes(as->getBase(), depth + 1);
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
    OverloadedOperatorKind k = op->getOperator();
    // `*p` and `p->`, not the binary `a * b`.
    if ((k == OO_Subscript && op->getNumArgs() == 2) || ((k == OO_Star || k == OO_Arrow) && op->getNumArgs() == 1))
      return denotes(op->getArg(0), depth + 1);
    // `fc = Linear(...)` as a value is `fc` (`register_module("fc", fc = Linear(4, 4))`).
    if (k == OO_Equal && op->getNumArgs() == 2) return denotes(op->getArg(0), depth + 1);
    if (k != OO_Call) return {};  // a call of a lambda or functor is a call like any other
  }
  if (const auto *b = dyn_cast<BinaryOperator>(e); b && b->getOpcode() == BO_Assign)
    return denotes(b->getLHS(), depth + 1);
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf) return denotes(u->getSubExpr(), depth + 1);
    return {};
  }
  if (const auto *c = dyn_cast<ConditionalOperator>(e))
    return join(std::vector<const Expr *>{c->getTrueExpr(), c->getFalseExpr()});
  // A construction in a template whose type is not known yet: `Block(4, 4)`.
  if (isa<CXXUnresolvedConstructExpr>(e)) return {ModuleRef{ModuleRef::Kind::Created, "", 0, e}};
  // A closure holds what it captures: `[lin](Tensor x) { return lin(x); }`.
  if (const auto *l = dyn_cast<LambdaExpr>(e)) {
    std::vector<const Expr *> captured;
    for (const Expr *init : l->capture_inits())
      if (init) captured.push_back(init);
    return join(captured);
  }
  // Braced lists: `{fc1, fc2}`, `{&cell_0, &cell_1}`, std::vector<Linear>{a, b}.
  if (const auto *il = dyn_cast<InitListExpr>(e)) return join(il->inits());
  if (const auto *sil = dyn_cast<CXXStdInitializerListExpr>(e)) return denotes(sil->getSubExpr(), depth + 1);
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) return denotes(mt->getSubExpr(), depth + 1);
  if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
    // A container, pair or tuple built from its elements holds what they
    // denote, whatever it holds them as (`{"w", &w_}` in a vector of pairs).
    auto held = classifyMemberType(c->getType());
    const CXXRecordDecl *rd = c->getType()->getAsCXXRecordDecl();
    bool container = held && held->kind == HoldKind::Container;
    bool stdAggregate = !held && rd && rd->isInStdNamespace();
    if (libraryEffect(c) == LibraryEffect::WrapsArgument && c->getNumArgs() >= 1) return denotes(c->getArg(0), depth + 1);
    if (container || stdAggregate) {
      ModuleRefs parts = join(c->arguments());
      if ((c->isListInitialization() || c->getNumArgs() > 1) && (!parts.empty() || stdAggregate)) return parts;
      // A user struct of modules built by its own constructor (`Block(4)`):
      // the modules it holds are new.
      if (container && rd && !rd->isInStdNamespace() && c->getNumArgs() > 0 && parts.empty())
        return {ModuleRef{ModuleRef::Kind::Created, "", 0, e}};
    }
  }
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    if (auto effect = libraryEffect(call)) {
      switch (*effect) {
        case LibraryEffect::RegistersModule:
        case LibraryEffect::RegistersParameter:
        case LibraryEffect::RegistersBuffer:
          return call->getNumArgs() >= 2 ? denotes(call->getArg(1), depth + 1) : ModuleRefs{};
        case LibraryEffect::CopiesModule:
          return {ModuleRef{ModuleRef::Kind::Created, "", 0, e}};
        case LibraryEffect::PassesArgument:
        case LibraryEffect::ElementOfArgument:
          return call->getNumArgs() >= 1 ? denotes(call->getArg(0), depth + 1) : ModuleRefs{};
        case LibraryEffect::CombinesArguments:
          return join(call->arguments());
        case LibraryEffect::PassesObject:
          return denotes(callObject(call), depth + 1);
        case LibraryEffect::MakesObject:
          // A copy of a module (`std::make_shared<Attention>(attn)`) holds the same children and parameters.
          if (call->getNumArgs() == 1 && moduleImplOf(call->getType()) &&
              moduleImplOf(call->getArg(0)->getType()) == moduleImplOf(call->getType()))
            return denotes(call->getArg(0), depth + 1);
          break;
        default:
          break;
      }
    }
    // Dependent calls in a template: a view of the object they are called on.
    static const std::set<std::string> views = {"at", "back", "front", "get", "ptr", "begin", "end", "find",
                                                "value", "cbegin", "rbegin", "data", "as"};
    if (!call->getDirectCallee())
      if (const Expr *obj = callObject(call); obj && views.count(calleeName(call))) return denotes(obj, depth + 1);
    if (helperOf_ && classifyMemberType(call->getType())) {  // a module, or a tensor it may have registered
      std::string usr = helperOf_(call);
      if (!usr.empty()) return {ModuleRef{ModuleRef::Kind::Returned, usr, 0, call}};
    }
    // A callable whose body is not seen (a std::function given elsewhere)
    // returns a module that may be registered: not a new one.
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->getOperator() == OO_Call) return {};
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl *d = dre->getDecl();
    if (const auto *b = dyn_cast<BindingDecl>(d)) d = b->getDecomposedDecl();
    if (const auto *p = dyn_cast_or_null<ParmVarDecl>(d)) {
      if (p->getDeclContext() == fd_) return {ModuleRef{ModuleRef::Kind::Param, "", p->getFunctionScopeIndex()}};
      return {};
    }
    if (const auto *v = dyn_cast_or_null<VarDecl>(d)) {
      // A global or static local: the module its initialiser makes.
      if (!v->hasLocalStorage()) {
        const Expr *init = v->getAnyInitializer();
        return init ? denotes(init, depth + 1) : ModuleRefs{};
      }
      return denotesLocal(v, depth);
    }
    return {};
  }
  // A module constructed here: Linear(4, 4), std::make_shared<LinearImpl>(...), new LinearImpl(...).
  if (isa<CXXNewExpr>(e) && holdsModule(e->getType())) return {ModuleRef{ModuleRef::Kind::Allocated, "", 0, e}};
  auto held = classifyMemberType(e->getType());
  if (held && held->kind != HoldKind::Tensor && held->kind != HoldKind::Container &&
      (isa<CXXConstructExpr>(e) || isa<CallExpr>(e) || isa<CXXNewExpr>(e)))
    return {ModuleRef{ModuleRef::Kind::Created, "", 0, e}};
  return {};
}

}  // namespace nnlint
