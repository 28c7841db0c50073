#include "flow/IndexBuilder.h"

#include "flow/AstUtil.h"
#include "flow/CallOrder.h"
#include "flow/CallSiteFacts.h"
#include "flow/DeadComputation.h"
#include "flow/FlagParams.h"
#include "flow/FrozenMembers.h"
#include "flow/EmptinessTests.h"
#include "flow/GradLocal.h"
#include "flow/GradientFacts.h"
#include "flow/HelperCallees.h"
#include "flow/LibrarySemantics.h"
#include "flow/MethodPointers.h"
#include "flow/ModuleAliases.h"
#include "flow/ModuleContents.h"
#include "flow/ModuleDictKeys.h"
#include "flow/OutsideCalls.h"
#include "flow/OutsideMemberUses.h"
#include "flow/ParameterWrites.h"
#include "flow/RegistrationNames.h"
#include "flow/RunningStatsModules.h"
#include "flow/StoredLambdas.h"
#include "flow/StructFieldModules.h"
#include "flow/TensorMemberWrites.h"
#include "flow/TorchTypes.h"
#include "flow/UseConditions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace nnlint {
namespace {

const char *kInClassInit = "<init>";

// The key of a constructor in ClassFact::constructors: where it is first declared.
std::string ctorKey(const SourceManager &sm, const FunctionDecl *fd) {
  const auto *ctor = dyn_cast<CXXConstructorDecl>(fd);
  if (!ctor) return "";
  SourcePoint p = toPoint(sm, ctor->getCanonicalDecl()->getLocation());
  return p.file + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

// A member of the class being indexed, or a parameter of the function being walked.
struct Ref {
  bool isMember = false;
  std::string member;
  unsigned param = 0;
};

bool isThis(const Expr *base) { return base && isa<CXXThisExpr>(base->IgnoreParenImpCasts()); }

bool isAppendMethod(const std::string &n) {
  return n == "push_back" || n == "emplace_back" || n == "push_front" || n == "emplace_front" ||
         n == "insert" || n == "emplace" || n == "try_emplace" || n == "insert_or_assign";
}

// Members that lambdas inside an expression use.
// What a callable stored in a member runs when it is called: the members and
// own methods a lambda in the value uses, and the own methods the value names
// (`std::bind(&Net::branch, this, _1)`, `&Net::branch`).
struct LambdaMembers : RecursiveASTVisitor<LambdaMembers> {
  explicit LambdaMembers(const CXXRecordDecl *owner) : owner(owner) {}
  const CXXRecordDecl *owner;
  std::set<std::string> members;
  std::set<std::string> methods;
  bool sawLambda = false;
  int inLambda = 0;
  bool TraverseLambdaExpr(LambdaExpr *l) {
    sawLambda = true;
    ++inLambda;
    bool ok = RecursiveASTVisitor::TraverseLambdaExpr(l);
    --inLambda;
    return ok;
  }
  bool VisitMemberExpr(MemberExpr *me) {
    if (inLambda && isa<FieldDecl>(me->getMemberDecl()) && isThis(me->getBase()))
      members.insert(me->getMemberDecl()->getNameAsString());
    if (inLambda && isThis(me->getBase())) addMethod(me->getMemberDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    addMethod(ref->getDecl());
    return true;
  }
  void addMethod(const ValueDecl *d) {
    const auto *md = dyn_cast_or_null<CXXMethodDecl>(d);
    if (!md || md->isStatic() || !owner || !owner->hasDefinition()) return;
    const CXXRecordDecl *parent = md->getParent();
    if (parent == owner || owner->isDerivedFrom(parent)) methods.insert(methodName(md));
  }
};

// The bodies of a lambda's call operator that calls can run: the operator,
// or each instantiation of a generic lambda's.
std::vector<const FunctionDecl *> lambdaCallBodies(const Expr *callable) {
  std::vector<const FunctionDecl *> out;
  const LambdaExpr *lambda = lambdaBehind(callable);
  if (!lambda) return out;
  const CXXMethodDecl *op = lambda->getCallOperator();
  if (const FunctionTemplateDecl *generic = op->getDescribedFunctionTemplate()) {
    for (const FunctionDecl *spec : generic->specializations())
      if (spec->hasBody()) out.push_back(spec);
  } else if (op->hasBody()) {
    out.push_back(op);
  }
  return out;
}

// Whether a callable handed to the library may register what it is given: a
// lambda whose body names a register_*() call (in a generic lambda the call is
// still unresolved), or anything that is not a lambda.
bool mayRegister(const Expr *callable) {
  const LambdaExpr *lambda = lambdaBehind(callable);
  if (!lambda) return true;
  struct Names : RecursiveASTVisitor<Names> {
    bool found = false;
    void name(DeclarationName n) { found |= n.isIdentifier() && n.getAsIdentifierInfo()->getName().starts_with("register_"); }
    bool VisitCallExpr(CallExpr *c) {
      if (const auto *d = dyn_cast_or_null<NamedDecl>(c->getCalleeDecl())) name(d->getDeclName());
      return true;
    }
    bool VisitUnresolvedMemberExpr(UnresolvedMemberExpr *e) { name(e->getMemberName()); return true; }
    bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr *e) { name(e->getMember()); return true; }
    bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr *e) { name(e->getName()); return true; }
  } names;
  names.TraverseStmt(lambda->getBody());
  return names.found;
}

// Walks one function body (and its constructor initialisers). Facts about the
// class's members go to `cls` (when the function is a method of a module
// class); facts about the function's parameters go to `summary`. Which module
// a value denotes comes from ModuleAliases; registered or not is settled at
// the end of the body, since the walk is flow-insensitive.
class BodyWalker : public RecursiveASTVisitor<BodyWalker> {
 public:
  BodyWalker(ASTContext &ctx, const SourceFilter &filter, const FunctionDecl *fd, ClassFact *cls,
             HelperSummary &summary, HelperCallees &callees)
      : ctx_(ctx), sm_(ctx.getSourceManager()), filter_(filter), fd_(fd), owner_(ownerOf(fd)), cls_(cls),
        summary_(summary), callees_(callees), method_(methodName(fd)), ctor_(ctorKey(sm_, fd)),
        aliases_(fd, owner_, [this](const CallExpr *c) { return callees_.usrOf(c); }) {}

  void run() {
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd_))
      for (const CXXCtorInitializer *init : ctor->inits())
        if (init->isWritten() && init->getMember()) {
          // The write first: it tells the register_*() call inside which member it binds.
          recordWrites({Ref{true, init->getMember()->getNameAsString(), 0}}, WriteKind::Assign, init->getInit(),
                       init->getSourceLocation());
          TraverseStmt(init->getInit());
        }
    TraverseStmt(fd_->getBody());
    settleRegistrations();
    summariseReturns();
    settleWriteOrder();
  }

  bool VisitMemberExpr(MemberExpr *me) {
    if (cls_ && isa<FieldDecl>(me->getMemberDecl()) && isThis(me->getBase()))
      method().membersUsed.insert(me->getMemberDecl()->getNameAsString());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    writeStmt_ = op;
    if (op->getOpcode() == BO_Assign) handleAssign(op->getLHS(), op->getRHS(), op->getBeginLoc());
    writeStmt_ = nullptr;
    return true;
  }

  bool VisitReturnStmt(ReturnStmt *ret) {
    // Only the function's own returns, not a lambda's inside it.
    if (ret->getRetValue() && inLambda_ == 0) {
      ModuleRefs d = aliases_.denotes(ret->getRetValue());
      returned_.insert(d.begin(), d.end());
      if (cls_)
        for (const ModuleRef &m : d)
          if (m.kind == ModuleRef::Kind::Member) method().membersReturned.insert(m.name);
    }
    return true;
  }

  bool TraverseLambdaExpr(LambdaExpr *l) {
    ++inLambda_;
    bool ok = RecursiveASTVisitor::TraverseLambdaExpr(l);
    --inLambda_;
    return ok;
  }

  bool VisitCallExpr(CallExpr *call) {
    if (auto kind = registrationKind(call)) {
      handleRegistration(call, *kind);
      return true;
    }
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      writeStmt_ = op;
      if (op->getOperator() == OO_Equal && op->getNumArgs() == 2)
        handleAssign(op->getArg(0), op->getArg(1), op->getBeginLoc());
      writeStmt_ = nullptr;
      if (op->getOperator() == OO_Call) handleHelperCall(call);  // a lambda or a user functor
      return true;
    }
    handleStdInvoke(call);
    if (libraryEffect(call) == LibraryEffect::AddsChild) noteChildren(call);
    std::string name = calleeName(call);
    const Expr *object = callObject(call);
    if (object) {
      std::vector<Ref> targets = refsOf(object);
      if (isAppendMethod(name)) {
        // `ls.emplace_back(4, 4)`: arguments that denote no module construct a new element.
        // A container of callables or other values constructs no module.
        auto held = classifyMemberType(object->getType());
        bool constructs = held && held->kind != HoldKind::Tensor && StringRef(name).starts_with("emplace") &&
                          call->getNumArgs() > 0 &&
                          std::none_of(call->arg_begin(), call->arg_end(),
                                       [&](const Expr *arg) { return !aliases_.denotes(arg).empty(); });
        size_t before = cls_ ? cls_->writes.size() : 0;
        if (constructs) recordWrites(targets, WriteKind::Append, nullptr, call->getBeginLoc());
        else
          for (const Expr *arg : call->arguments()) recordWrites(targets, WriteKind::Append, arg, call->getBeginLoc());
        if (constructs && cls_)
          for (size_t i = before; i < cls_->writes.size(); ++i) cls_->writes[i].freshModule = true;
      } else if (name == "clear") {
        recordWrites(targets, WriteKind::Clear, nullptr, call->getBeginLoc());
      } else if (name == "assign" || name == "resize") {
        recordWrites(targets, WriteKind::Assign, call->getNumArgs() ? call->getArg(call->getNumArgs() - 1) : nullptr,
                     call->getBeginLoc());
      } else if ((name == "requires_grad_" || name == "set_requires_grad") && createsGradTensor(call)) {
        for (const Ref &t : targets)
          if (t.isMember) recordTensorInit(t.member, true, call->getExprLoc());
      }
    }
    handleOwnMethodCall(call, object);
    handleHelperCall(call);
    noteWholeModuleUse(call, name, object);
    return true;
  }

 private:
  static const CXXRecordDecl *ownerOf(const FunctionDecl *fd) {
    const auto *md = dyn_cast<CXXMethodDecl>(fd);
    return md ? md->getParent() : nullptr;
  }

  MethodFact &method() { return cls_->methods[method_]; }

  bool isUserModuleBase(const CXXRecordDecl *rd) const {
    return owner_->hasDefinition() && owner_->isDerivedFrom(rd) && isModuleClass(rd) &&
           !filter_.isLibrary(sm_, rd->getLocation());
  }

  SourcePoint point(SourceLocation loc) const { return toPoint(sm_, loc); }
  unsigned order(SourceLocation loc) const { return sm_.getFileOffset(sm_.getExpansionLoc(loc)); }

  // The members and parameters an expression may denote.
  std::vector<Ref> refsOf(const Expr *e) {
    std::vector<Ref> out;
    for (const ModuleRef &m : aliases_.denotes(e)) {
      if (m.kind == ModuleRef::Kind::Member) out.push_back(Ref{true, m.name, 0});
      else if (m.kind == ModuleRef::Kind::Param) out.push_back(Ref{false, "", m.param});
    }
    return out;
  }

  bool isContainerMember(const std::string &name) const {
    const MemberFact *m = cls_ ? cls_->member(name) : nullptr;
    return m && m->kind == HoldKind::Container;
  }

  // What a written value holds: members go to sourceMembers, other modules to
  // `objects`, settled as registered or fresh at the end of the body.
  void describeValue(const Expr *value, WriteFact &w, const std::vector<Ref> &targets, ModuleRefs &objects) {
    const Expr *e = stripModuleCopies(value);
    if (!e) return;
    auto parts = [&](auto &&range) {
      for (const Expr *part : range) describeValue(part, w, targets, objects);
    };
    if (const auto *il = dyn_cast<InitListExpr>(e)) return parts(il->inits());
    if (const auto *sil = dyn_cast<CXXStdInitializerListExpr>(e))
      return describeValue(sil->getSubExpr(), w, targets, objects);
    if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      auto held = classifyMemberType(c->getType());
      // A container built from a list: std::vector<Linear>{fc1, fc2}.
      bool container = !held || held->kind == HoldKind::Container || !held->containerKind.empty();
      if ((c->isListInitialization() || c->getNumArgs() > 1) && container)
        return parts(c->arguments());
      // Sequential(fc1, fc2), ModuleList(...): what matters is where the elements come from.
      if (held && isModuleContainerClass(held->moduleClass)) return parts(c->arguments());
    }
    if (const CallExpr *reg = asRegistration(e)) {
      w.fromRegistration = true;
      pendingBinding_[reg] = targets;
      return;
    }
    if (isNullValue(e)) {
      w.nullValue = true;
      return;
    }
    // A module inside a member's module (`block->conv`): registered when the member is.
    if (const auto *me = dyn_cast<MemberExpr>(e); me && !isThis(me->getBase()) && classifyMemberType(me->getType()))
      for (const ModuleRef &m : aliases_.denotes(me->getBase()))
        if (m.kind == ModuleRef::Kind::Member) {
          if (std::find(w.sourceMembers.begin(), w.sourceMembers.end(), m.name) == w.sourceMembers.end())
            w.sourceMembers.push_back(m.name);
          return;
        }
    for (const ModuleRef &m : aliases_.denotes(e)) {
      if (m.kind != ModuleRef::Kind::Member) objects.insert(m);
      else if (std::find(w.sourceMembers.begin(), w.sourceMembers.end(), m.name) == w.sourceMembers.end())
        w.sourceMembers.push_back(m.name);
    }
  }

  void recordWrites(const std::vector<Ref> &targets, WriteKind kind, const Expr *value, SourceLocation loc) {
    for (const Ref &t : targets) recordWrite(t, kind, value, loc, targets);
  }

  void recordWrite(const Ref &target, WriteKind kind, const Expr *value, SourceLocation loc,
                   const std::vector<Ref> &targets) {
    WriteFact w;
    w.kind = kind;
    w.method = method_;
    w.ctor = ctor_;
    w.loc = point(loc);
    w.order = order(loc);
    ModuleRefs objects;
    if (value) {
      describeValue(value, w, targets, objects);
      LambdaMembers lambdas(owner_);
      lambdas.TraverseStmt(const_cast<Expr *>(value));
      // A member that holds no module by its type holds one only through a closure.
      if (cls_ && !cls_->member(target.member) && !lambdas.sawLambda) objects.clear();
      w.capturedMembers = std::move(lambdas.members);
      w.capturedMethods = std::move(lambdas.methods);
      // `cells_ = {}` empties the container.
      if (kind == WriteKind::Assign) {
        const Expr *e = stripValue(value);
        if (const auto *il = dyn_cast_or_null<InitListExpr>(e); il && il->getNumInits() == 0) w.kind = WriteKind::Clear;
        if (const auto *c = dyn_cast_or_null<CXXConstructExpr>(e); c && c->getNumArgs() == 0 &&
            classifyMemberType(c->getType()) && classifyMemberType(c->getType())->kind == HoldKind::Container)
          w.kind = WriteKind::Clear;
        if (e && emptyModuleContainer(e)) w.kind = WriteKind::Clear;
      }
    }
    if (!target.isMember) {
      if (w.fromRegistration) summary_.registers.emplace(target.param, RegistrationFact{});
      return;
    }
    if (!cls_) return;
    w.member = target.member;
    if (value && w.kind != WriteKind::Clear)
      if (const MemberFact *m = cls_->member(target.member); m && m->kind == HoldKind::Tensor)
        recordTensorInit(target.member,
                         !w.fromRegistration && (createsGradTensor(value) || isUnregisteredGradLocal(value, fd_)), loc);
    if (!objects.empty()) writeObjects_.emplace_back(cls_->writes.size(), std::move(objects));
    if (writeStmt_ && w.kind == WriteKind::Assign) writeStmts_.emplace_back(cls_->writes.size(), writeStmt_);
    cls_->writes.push_back(std::move(w));
  }

  void recordTensorInit(const std::string &member, bool requiresGrad, SourceLocation loc) {
    if (!cls_) return;
    cls_->tensorInits.push_back(TensorInitFact{member, method_, point(loc), requiresGrad});
  }

  void handleAssign(const Expr *lhs, const Expr *rhs, SourceLocation loc) {
    const Expr *l = stripValue(lhs);
    // Assigning a variable that holds a copy (`hidden = hx_options; hidden = ...`)
    // changes the copy, not the member it came from; a reference is the member.
    if (const auto *ref = dyn_cast<DeclRefExpr>(l))
      if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()); var && !var->getType()->isReferenceType()) return;
    std::vector<Ref> targets = refsOf(l);
    if (targets.empty()) return;
    bool direct = isa<MemberExpr>(l) || isa<CXXDependentScopeMemberExpr>(l) || isa<DeclRefExpr>(l);
    for (const Ref &t : targets) {
      // Writing through `*p`, `v[i]` or a local reference replaces an element
      // of a container, and the whole module of a holder.
      bool whole = t.isMember && isContainerMember(t.member) ? direct && !isa<DeclRefExpr>(l) : true;
      if (!t.isMember) whole = direct;
      size_t before = cls_ ? cls_->writes.size() : 0;
      recordWrite(t, whole ? WriteKind::Assign : WriteKind::Append, rhs, loc, targets);
      if (!cls_ || cls_->writes.size() == before) continue;
      if (!whole) cls_->writes.back().viaSubscript = true;
      else if (targets.size() == 1 && direct) recordValueRange(cls_->writes.back(), rhs);
    }
  }

  // The value's text, when it is plain text of one file (fix-its rewrite it).
  void recordValueRange(WriteFact &w, const Expr *value) {
    SourceLocation b = value->getBeginLoc(), e = value->getEndLoc();
    if (b.isInvalid() || e.isInvalid() || b.isMacroID() || e.isMacroID()) return;
    // A bare braced list (`fc = {8, 8}`) cannot be passed on as an expression.
    const Expr *plain = value->IgnoreImplicit();
    if (isa<InitListExpr>(plain)) return;
    if (const auto *ce = dyn_cast<CXXConstructExpr>(plain); ce && ce->isListInitialization() && !isa<CXXTemporaryObjectExpr>(ce))
      return;
    SourceLocation after = Lexer::getLocForEndOfToken(e, 0, sm_, ctx_.getLangOpts());
    if (after.isInvalid() || sm_.getFileID(b) != sm_.getFileID(after)) return;
    w.valueBegin = point(b);
    w.valueEnd = point(after);
  }

  void handleRegistration(const CallExpr *call, RegKind kind) {
    RegistrationFact r;
    r.kind = kind;
    r.method = method_;
    r.ctor = ctor_;
    r.loc = point(call->getBeginLoc());
    if (auto name = constantRegistrationName(call, ctx_)) {
      r.hasName = true;
      r.name = std::move(*name);
    }
    if (kind == RegKind::Parameter && call->getNumArgs() >= 3) {
      const Expr *flag = call->getArg(2)->IgnoreParenImpCasts();
      if (const auto *b = dyn_cast<CXXBoolLiteralExpr>(flag)) r.requiresGrad = b->getValue();
    }
    ModuleRefs registered = call->getNumArgs() >= 2 ? aliases_.denotes(call->getArg(1)) : ModuleRefs{};
    for (const ModuleRef &m : registered) registered_.emplace(m, r);
    std::vector<Ref> bound;
    auto pending = pendingBinding_.find(call);
    if (pending != pendingBinding_.end()) bound = pending->second;
    else if (call->getNumArgs() >= 2) bound = refsOf(call->getArg(1));
    std::set<std::string> members;
    for (const Ref &b : bound) {
      if (b.isMember) members.insert(b.member);
      else summary_.registers[b.param] = r;  // replaces the placeholder `param = register_*(...)` recorded
    }
    if (!cls_) return;
    if (members.empty()) {
      // Bound at the end of the body to a holder member given the same module (`rnn = rnn_layer`).
      ModuleRefs others;
      for (const ModuleRef &m : registered)
        if (m.kind != ModuleRef::Kind::Member) others.insert(m);
      if (!others.empty()) unboundRegistrations_.emplace_back(cls_->registrations.size(), std::move(others));
      cls_->registrations.push_back(r);
      return;
    }
    registrationCalls_.emplace_back(call, members);
    for (const std::string &m : members) {
      r.member = m;
      cls_->registrations.push_back(r);
    }
  }

  // `list->push_back(m)`: m is registered once the container is.
  void noteChildren(const CallExpr *call) {
    ModuleRefs children;
    for (const Expr *arg : call->arguments()) {
      ModuleRefs more = aliases_.denotes(arg);
      children.insert(more.begin(), more.end());
    }
    if (const Expr *object = callObject(call); object && !children.empty())
      childLinks_.push_back(ChildLink{aliases_.denotes(object), std::move(children), point(call->getBeginLoc())});
  }

  // The children of registered containers are registered, to any depth.
  void registerChildren() {
    auto isRegistered = [&](const ModuleRef &m) {
      if (registered_.count(m)) return true;
      return m.kind == ModuleRef::Kind::Member && cls_ &&
             std::any_of(cls_->registrations.begin(), cls_->registrations.end(),
                         [&](const RegistrationFact &r) { return r.member == m.name; });
    };
    for (bool grew = true; grew;) {
      grew = false;
      for (const ChildLink &link : childLinks_) {
        if (std::none_of(link.parents.begin(), link.parents.end(), isRegistered)) continue;
        RegistrationFact r;
        r.method = method_;
        r.loc = link.loc;
        for (const ModuleRef &child : link.children) {
          grew |= registered_.emplace(child, r).second;
          // The elements of a member container (`for (auto &b : blocks) list->push_back(b)`).
          if (child.kind == ModuleRef::Kind::Member && cls_)
            for (const auto &[index, objects] : writeObjects_)
              if (cls_->writes[index].member == child.name)
                for (const ModuleRef &o : objects) grew |= registered_.emplace(o, r).second;
        }
      }
    }
  }

  // Registered or not, now that every registration of the body is known:
  // a write whose modules are all registered here holds registered modules;
  // a registration of a module that exactly one holder member was given
  // registers that member (holders are shared pointers: a copy is the module).
  void settleRegistrations() {
    registerChildren();
    if (!cls_) return;
    std::map<ModuleRef, std::set<std::string>> holders;  // module -> holder members given it
    for (const auto &[index, objects] : writeObjects_) {
      WriteFact &w = cls_->writes[index];
      const MemberFact *member = cls_->member(w.member);
      bool rawPointer = member && member->kind == HoldKind::RawPtr;
      bool allRegistered = true, created = false;
      std::set<std::string> helpers;
      for (const ModuleRef &m : objects) {
        if (registered_.count(m)) continue;
        w.unknownModule |= isUnknownModule(m);
        w.fromParameter |= m.kind == ModuleRef::Kind::Param;
        if (m.kind == ModuleRef::Kind::Returned) {
          helpers.insert(m.name);
          continue;
        }
        allRegistered = false;
        // A raw pointer owns only what it was given by `new`; any other pointer is a view.
        created |= m.kind == ModuleRef::Kind::Allocated || (m.kind == ModuleRef::Kind::Created && !rawPointer);
      }
      if (allRegistered && helpers.empty()) w.fromRegistration = true;
      else if (allRegistered) w.fromHelpers = std::move(helpers);
      if (created) w.freshModule = true;
      if (w.kind == WriteKind::Assign && !isContainerMember(w.member))
        for (const ModuleRef &m : objects) holders[m].insert(w.member);
    }
    for (const auto &[index, objects] : unboundRegistrations_) {
      std::set<std::string> members;
      for (const ModuleRef &m : objects)
        if (auto it = holders.find(m); it != holders.end()) members.insert(it->second.begin(), it->second.end());
      if (members.size() == 1) cls_->registrations[index].member = *members.begin();
    }
  }

  // Whether a registration of the written member may run before the write
  // on some path of the body (Clang's CFG): a write on the other branch of
  // the `if` that registers replaces nothing.
  void settleWriteOrder() {
    if (!cls_ || writeStmts_.empty() || registrationCalls_.empty()) return;
    std::unique_ptr<CallOrder> order;
    for (const auto &[index, stmt] : writeStmts_) {
      WriteFact &w = cls_->writes[index];
      for (const auto &[call, members] : registrationCalls_) {
        if (!members.count(w.member)) continue;
        if (!order) order = std::make_unique<CallOrder>(fd_, ctx_);
        if (order->mayPrecede(call, stmt)) w.afterRegistration = true;
      }
    }
  }

  // What the function returns, for callers that store its result (`trunk_ = make_trunk(*this)`).
  void summariseReturns() {
    if (returned_.empty()) return;
    ReturnedModule result = ReturnedModule::Registered;
    for (const ModuleRef &m : returned_) {
      if (auto reg = registered_.find(m); reg != registered_.end()) {
        summary_.returnsRegistration = reg->second;
        continue;
      }
      if (m.kind == ModuleRef::Kind::Returned) summary_.returnsVia.insert(m.name);
      else if (m.kind == ModuleRef::Kind::Member || m.kind == ModuleRef::Kind::Unknown) result = ReturnedModule::Unknown;
      else if (result != ReturnedModule::Unknown) result = ReturnedModule::Unregistered;
    }
    summary_.returns = result;
  }

  void handleOwnMethodCall(const CallExpr *call, const Expr *object) {
    if (!cls_ || (object && !isThis(object))) return;
    const auto *md = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
    if (md && owner_ && md->getParent() == owner_) {
      method().callees.insert(methodName(md));
      if (!ctor_.empty()) cls_->constructors[ctor_].callees.insert(methodName(md));
    }
    else if (md && owner_ && isUserModuleBase(md->getParent()))
      method().baseCallees.insert({classKey(md->getParent()), methodName(md)});
    else if (!md && !object && isa<UnresolvedMemberExpr>(call->getCallee()->IgnoreParenImpCasts()))
      method().callees.insert(calleeName(call));
  }

  // parameters(), named_children(), apply(), or *this passed away: every
  // parameter may be used, so reachability cannot name an unused one.
  void noteWholeModuleUse(const CallExpr *call, const std::string &name, const Expr *object) {
    if (!cls_) return;
    static const std::set<std::string> all = {"parameters", "named_parameters", "children", "named_children",
                                              "modules", "named_modules", "apply"};
    if (all.count(name) && (!object || isThis(object))) method().usesAllParameters = true;
    for (const Expr *arg : call->arguments()) {
      const Expr *a = arg->IgnoreParenImpCasts();
      if (const auto *u = dyn_cast<UnaryOperator>(a); u && u->getOpcode() == UO_Deref) a = u->getSubExpr();
      if (isThis(a)) method().usesAllParameters = true;
    }
    if (name == "shared_from_this") method().usesAllParameters = true;
  }

  // std::visit(f, v), std::invoke(f, m), std::apply(f, t): the library calls
  // `f` with the members given (visit: with what each variant holds). A
  // lambda's call operator, as instantiated for these calls, is summarised
  // like a helper's body: argument i goes to its parameter i-1. Any other
  // callable, a lambda whose body was not instantiated, and std::apply (which
  // unpacks a tuple over the parameters) leave the members unknown when `f`
  // may register them.
  void handleStdInvoke(const CallExpr *call) {
    const FunctionDecl *fd = call->getDirectCallee();
    if (!cls_ || !fd || !fd->isInStdNamespace() || !fd->getDeclName().isIdentifier() || call->getNumArgs() < 2) return;
    StringRef name = fd->getName();
    if (name != "visit" && name != "apply" && name != "invoke") return;
    std::vector<const FunctionDecl *> bodies;
    if (name != "apply") bodies = lambdaCallBodies(call->getArg(0));
    bool opaque = bodies.empty() && mayRegister(call->getArg(0));
    for (unsigned i = 1; i < call->getNumArgs(); ++i)
      for (const Ref &ref : refsOf(call->getArg(i))) {
        if (!ref.isMember) continue;
        if (opaque) cls_->opaqueMembers.insert(ref.member);
        for (const FunctionDecl *body : bodies) {
          if (i - 1 >= body->getNumParams()) cls_->opaqueMembers.insert(ref.member);
          else cls_->helperCalls.push_back(
                   HelperCall{callees_.usrOfBody(body), i - 1, ref.member, method_, point(call->getBeginLoc()), ctor_});
        }
      }
  }

  // A user function, an own method, a lambda: what it does with a member it is
  // given is settled from its summary after the merge.
  void handleHelperCall(const CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    std::string usr = callees_.usrOf(call);
    if (!callee || usr.empty()) return;
    for (unsigned i = 0; i < callee->getNumParams(); ++i) {
      const Expr *arg = argumentFor(call, i);
      if (!arg) break;
      for (const Ref &ref : refsOf(arg)) {
        if (!ref.isMember) {
          if (callee->getCanonicalDecl() != fd_->getCanonicalDecl()) summary_.opaque.insert(ref.param);
          continue;
        }
        if (cls_) cls_->helperCalls.push_back(HelperCall{usr, i, ref.member, method_, point(call->getBeginLoc()), ctor_});
      }
    }
  }

  ASTContext &ctx_;
  const SourceManager &sm_;
  const SourceFilter &filter_;
  const FunctionDecl *fd_;
  const CXXRecordDecl *owner_;
  ClassFact *cls_;
  HelperSummary &summary_;
  HelperCallees &callees_;
  std::string method_;
  std::string ctor_;  // the constructor's key, when the function is one
  ModuleAliases aliases_;
  int inLambda_ = 0;
  std::map<const CallExpr *, std::vector<Ref>> pendingBinding_;
  std::map<ModuleRef, RegistrationFact> registered_;  // modules some register_*() call of this body registers
  ModuleRefs returned_;    // modules the function returns
  std::vector<std::pair<size_t, ModuleRefs>> writeObjects_;
  const Stmt *writeStmt_ = nullptr;                                   // the assignment being walked
  std::vector<std::pair<size_t, const Stmt *>> writeStmts_;           // index in cls_->writes, its assignment
  std::vector<std::pair<const CallExpr *, std::set<std::string>>> registrationCalls_;  // and the members each binds          // index in cls_->writes, modules written
  std::vector<std::pair<size_t, ModuleRefs>> unboundRegistrations_;  // index in cls_->registrations, modules
  struct ChildLink {
    ModuleRefs parents, children;
    SourcePoint loc;
  };
  std::vector<ChildLink> childLinks_;  // containers and what was added to them
};

class Collector : public RecursiveASTVisitor<Collector> {
 public:
  Collector(ASTContext &ctx, const SourceFilter &filter, ModelIndex &index)
      : ctx_(ctx), sm_(ctx.getSourceManager()), filter_(filter), index_(index), callees_(filter, sm_) {}

  // The bodies that calls reached but the walk does not visit: lambdas' call
  // operators and template instantiations. Only their summaries matter.
  void summariseUnvisited() {
    while (const FunctionDecl *fd = callees_.nextUnvisited()) {
      std::string usr = usrOf(fd);
      seenByEveryCaller_.insert(usr);
      BodyWalker(ctx_, filter_, fd, nullptr, index_.helpers[usr], callees_).run();
    }
  }

  // A summary that says nothing a check reads (no module registered, lost or
  // returned: returning none reads as returning an unknown one), of a
  // function that no call here names and whose body every file that calls
  // it sees (a template, an inline or internal function: each caller's file
  // summarises it itself). A missing summary reads as an unseen body, which
  // makes a member given to it opaque; no code here gives it one. A
  // header-only library's functions are thousands of them, carried by every
  // file's facts.
  void dropUnusedSummaries(bool partial) {
    std::set<std::string> named(index_.trainingCallees.begin(), index_.trainingCallees.end());
    for (const auto &[key, c] : index_.classes) {
      for (const HelperCall &call : c.helperCalls) named.insert(call.helper);
      for (const WriteFact &w : c.writes) named.insert(w.fromHelpers.begin(), w.fromHelpers.end());
    }
    for (const auto &[usr, h] : index_.helpers) named.insert(h.returnsVia.begin(), h.returnsVia.end());
    for (const std::string &usr : partial ? templatePatterns_ : seenByEveryCaller_) {
      auto it = index_.helpers.find(usr);
      if (it == index_.helpers.end() || named.count(usr)) continue;
      const HelperSummary &h = it->second;
      bool saysNothing = h.returns == ReturnedModule::None || h.returns == ReturnedModule::Unknown;
      if (h.registers.empty() && h.opaque.empty() && saysNothing && h.returnsVia.empty()) index_.helpers.erase(it);
    }
  }

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(Decl *d) {
    // Library code holds no user models: do not descend into it.
    if (d && !isa<TranslationUnitDecl>(d) && filter_.isLibrary(sm_, d->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(d);
  }

  bool VisitCXXRecordDecl(CXXRecordDecl *rd) {
    if (!rd->isThisDeclarationADefinition() || rd->isLambda() || !isModuleClass(rd)) return true;
    if (isa<ClassTemplateSpecializationDecl>(rd) && !isa<ClassTemplatePartialSpecializationDecl>(rd) &&
        !cast<ClassTemplateSpecializationDecl>(rd)->isExplicitSpecialization())
      return true;
    ClassFact &c = index_.classes[classKey(rd)];
    c.name = rd->getQualifiedNameAsString();
    c.loc = toPoint(sm_, rd->getLocation());
    c.isCloneable = isCloneableClass(rd);
    for (const CXXBaseSpecifier &b : rd->bases()) {
      const CXXRecordDecl *base = b.getType()->getAsCXXRecordDecl();
      // A dependent base (Scaled<Derived> inside a class template): its template's pattern.
      if (const auto *tst = b.getType()->getAs<TemplateSpecializationType>(); !base && tst)
        if (const TemplateDecl *td = tst->getTemplateName().getAsTemplateDecl())
          base = dyn_cast_or_null<CXXRecordDecl>(td->getTemplatedDecl());
      if (base && isModuleClass(base) && !filter_.isLibrary(sm_, base->getLocation()))
        c.moduleBases.push_back(base->getQualifiedNameAsString());
    }
    for (const CXXMethodDecl *md : rd->methods()) {
      if (md->isImplicit() || md->isDeleted() || md->isDefaulted() || md->isPureVirtual()) continue;
      if (md->getDeclName().isIdentifier() && md->getName() == "clone") c.hasOwnClone = true;
      MethodFact &m = c.methods[methodName(md)];
      m.name = methodName(md);
      if (!m.loc.valid()) m.loc = toPoint(sm_, md->getLocation());
      m.isCtor = isa<CXXConstructorDecl>(md);
      m.isPublic = md->getAccess() == AS_public;
      if (m.isCtor) {
        ConstructorFact &ctor = c.constructors[ctorKey(sm_, md)];
        if (!ctor.loc.valid()) ctor.loc = toPoint(sm_, md->getLocation());
      }
    }
    // `Net() = default;` runs the default member initialisers only.
    for (const CXXConstructorDecl *ctor : rd->ctors())
      if (!ctor->isImplicit() && ctor->isDefaulted() && !ctor->isDeleted()) {
        ConstructorFact &fact = c.constructors[ctorKey(sm_, ctor)];
        fact.loc = toPoint(sm_, ctor->getLocation());
        fact.defined = true;
      }
    // Methods of a class template are FunctionTemplateDecls when templated themselves.
    for (const Decl *d : rd->decls())
      if (const auto *ft = dyn_cast<FunctionTemplateDecl>(d)) {
        const FunctionDecl *fd = ft->getTemplatedDecl();
        MethodFact &m = c.methods[methodName(fd)];
        m.name = methodName(fd);
        if (!m.loc.valid()) m.loc = toPoint(sm_, fd->getLocation());
        m.isCtor = isa<CXXConstructorDecl>(fd);
      }
    for (const FieldDecl *f : rd->fields()) recordMember(c, f, "");
    recordInheritedMembers(c, rd, 0);
    recordMemberContents(rd, c);
    recordRunningStatsMembers(rd, c, ctx_);
    recordMethodPointerInits(rd, c);
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody() || fd->isTemplateInstantiation()) return true;
    if (filter_.isLibrary(sm_, fd->getLocation())) return true;
    const auto *md = dyn_cast<CXXMethodDecl>(fd);
    if (md && md->getParent()->isLambda()) return true;
    ClassFact *cls = nullptr;
    bool otherOverload = false;
    if (md && isModuleClass(md->getParent())) {
      auto it = index_.classes.find(classKey(md->getParent()));
      // A class from a part this walk leaves out (WarmSession's block): its
      // out-of-line members here add to its facts as they would in one walk.
      if (const CXXRecordDecl *def = md->getParent()->getDefinition();
          it == index_.classes.end() && def && !filter_.isLibrary(sm_, def->getLocation())) {
        VisitCXXRecordDecl(const_cast<CXXRecordDecl *>(def));
        it = index_.classes.find(classKey(md->getParent()));
      }
      if (it != index_.classes.end()) {
        cls = &it->second;
        MethodFact &m = cls->methods[methodName(fd)];
        m.name = methodName(fd);
        otherOverload = m.defined;
        m.defined = true;
        if (!m.loc.valid()) m.loc = toPoint(sm_, fd->getLocation());
        if (const auto *body = dyn_cast_or_null<CompoundStmt>(fd->getBody()); body && body->getLBracLoc().isFileID())
          m.bodyStart = toPoint(sm_, body->getLBracLoc().getLocWithOffset(1));
        if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd)) {
          ConstructorFact &fact = cls->constructors[ctorKey(sm_, ctor)];
          fact.loc = toPoint(sm_, ctor->getLocation());
          fact.defined = true;
          if (const CXXConstructorDecl *target = ctor->isDelegatingConstructor() ? ctor->getTargetConstructor() : nullptr)
            fact.delegatesTo = ctorKey(sm_, target);
        }
      }
    }
    std::string usr = usrOf(fd->getCanonicalDecl());
    if (fd->isTemplated()) templatePatterns_.insert(usr);
    if (fd->isTemplated() || fd->isInlined() || !fd->isExternallyVisible()) seenByEveryCaller_.insert(usr);
    HelperSummary &summary = index_.helpers[usr];
    BodyWalker(ctx_, filter_, fd, cls, summary, callees_).run();
    recordMethodPointers(fd, index_, cls ? &cls->methods[methodName(fd)] : nullptr);
    recordOutsideMemberUses(fd, index_);
    collectCallSiteFacts(fd, ctx_, filter_, index_.callSites);
    collectOutsideCalls(fd, ctx_, filter_, index_.outsideCalls, index_.trainingCallees);
    if (cls) {
      MethodFact &m = cls->methods[methodName(fd)];
      m.returnsValue = !fd->getReturnType()->isVoidType() && !isa<CXXConstructorDecl>(fd);
      UseConditions uc = findUseConditions(fd, ctx_);
      m.memberGuards = std::move(uc.members);
      m.calleeGuards = std::move(uc.callees);
      m.membersMutated = std::move(uc.membersMutated);
      recordBodyContents(fd, *cls);
      recordModuleDictFacts(fd, ctx_, *cls, m);
      for (RegistrationFact &r : cls->registrations)
        if (auto when = uc.registrations.find(r.loc); when != uc.registrations.end() && r.method == m.name)
          r.when = when->second;
      markRegistrationNameClashes(cls->registrations, uc.registrations);
      cls->flagValues.insert(uc.flagValues.begin(), uc.flagValues.end());
      if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
        for (FlagParamFact &f : findFlagParams(ctor, ctx_)) cls->flagParams.push_back(std::move(f));
      if (m.name == "forward") m.outputs = forwardOutputs(fd, ctx_);
      if (!isa<CXXConstructorDecl>(fd) && !isa<CXXDestructorDecl>(fd)) recordDeadUses(m, md, ctx_, otherOverload);
      for (const std::string &member : findFrozenMembers(fd)) cls->frozenMembers.insert(member);
      for (const std::string &member : findEmptinessTests(fd)) cls->membersTestedEmpty.insert(member);
      for (StructFieldFact &f : findStructFieldUses(fd)) cls->structFields.push_back(std::move(f));
      for (ParameterWriteFact &w : findParameterWrites(md, ctx_)) cls->parameterWrites.push_back(std::move(w));
      recordRunningStatsCreations(fd, *cls, ctx_);
      for (TensorWriteFact &w : findTensorMemberWrites(md, ctx_)) cls->tensorWrites.push_back(std::move(w));
    }
    for (ForwardCallFact &f : forwardCallsReachingBackward(fd, ctx_, filter_)) index_.forwardCalls.push_back(std::move(f));
    return true;
  }

 private:
  // The members of user module base classes that the class can reach
  // (public and protected): its methods write, register and use them.
  void recordInheritedMembers(ClassFact &c, const CXXRecordDecl *rd, int depth) {
    if (depth > 8 || !rd->hasDefinition()) return;
    for (const CXXBaseSpecifier &b : rd->getDefinition()->bases()) {
      const auto *base = b.getType()->getAsCXXRecordDecl();
      if (!base || !base->hasDefinition() || b.getAccessSpecifier() == AS_private) continue;
      base = base->getDefinition();
      if (!isModuleClass(base) || filter_.isLibrary(sm_, base->getLocation())) continue;
      for (const FieldDecl *f : base->fields())
        if (f->getAccess() != AS_private) recordMember(c, f, classKey(base));
      recordInheritedMembers(c, base, depth + 1);
    }
  }

  void recordMember(ClassFact &c, const FieldDecl *f, const std::string &inheritedFrom) {
    auto held = classifyField(f);
    if (!held) return;
    MemberFact m;
    m.inheritedFrom = inheritedFrom;
    m.name = f->getNameAsString();
    m.loc = toPoint(sm_, f->getLocation());
    m.type = f->getType().getAsString(ctx_.getPrintingPolicy());
    m.kind = held->kind;
    m.moduleClass = held->moduleClass;
    m.containerKind = held->containerKind;
    const Expr *init = f->getInClassInitializer();
    m.nullInit = init && isNullValue(init);
    // A type-erasing holder (AnyModule) is empty until given a module.
    m.defaultConstructs = !init && (m.kind == HoldKind::Holder || m.kind == HoldKind::ByValue) &&
                          moduleImplOf(f->getType());
    if (c.member(m.name)) return;  // a derived member hides a base's member of the same name
    c.members.push_back(m);
    if (init && !m.nullInit && inheritedFrom.empty()) {
      WriteFact w;
      w.member = m.name;
      w.method = kInClassInit;
      w.loc = m.loc;
      // Every constructor that does not initialise the member runs its
      // initialiser: a registration there registers it.
      const CallExpr *registration = asRegistration(stripModuleCopies(init));
      // `ModuleList list = ModuleList();` holds no module yet: its appends say what it holds.
      if (emptyModuleContainer(init)) w.kind = WriteKind::Clear;
      else if (registration) w.fromRegistration = true;
      else w.freshModule = m.kind != HoldKind::Tensor;
      c.writes.push_back(w);
      if (registration) {
        RegistrationFact r;
        r.kind = *registrationKind(registration);
        r.method = kInClassInit;
        r.loc = toPoint(sm_, registration->getBeginLoc());
        r.member = m.name;
        c.registrations.push_back(r);
      }
      if (m.kind == HoldKind::Tensor)
        c.tensorInits.push_back(TensorInitFact{m.name, kInClassInit, m.loc, !registration && createsGradTensor(init)});
    }
  }

  ASTContext &ctx_;
  const SourceManager &sm_;
  const SourceFilter &filter_;
  ModelIndex &index_;
  HelperCallees callees_;
  std::set<std::string> seenByEveryCaller_;  // USRs of bodies that every file calling them sees
  std::set<std::string> templatePatterns_;   // those of the templates' own bodies walked
};

}  // namespace

ModelIndex buildIndex(ASTContext &ctx, const SourceFilter &filter, bool walkPrecompiled,
                      llvm::ArrayRef<const TranslationUnitDecl *> leftOut, bool partial) {
  ModelIndex index;
  KeepTypeAnswers keep;
  Collector collector(ctx, filter, index);
  TranslationUnitDecl *tu = ctx.getTranslationUnitDecl();
  // The analyses that ask for a node's parents (ExprMutationAnalyzer's
  // matchers) would otherwise map the whole translation unit, LibTorch
  // included: seconds per file, most of it reading declarations out of the
  // PCH. The user's own top-level declarations are all they look into.
  std::vector<Decl *> scope, before = ctx.getTraversalScope();
  auto addUserDecls = [&](auto decls) {
    for (Decl *d : decls)
      if (!filter.isLibrary(ctx.getSourceManager(), d->getLocation())) scope.push_back(d);
  };
  // An interpreter (the warm session, parse/WarmSession) parses in parts,
  // each a redeclaration of the translation unit holding what it declared;
  // a PCH's declarations hang under the first.
  std::vector<TranslationUnitDecl *> parts;
  for (TranslationUnitDecl *part = tu; part; part = part->getPreviousDecl())
    if (!llvm::is_contained(leftOut, part)) parts.push_back(part);
  std::reverse(parts.begin(), parts.end());
  for (TranslationUnitDecl *part : parts) {
    if (walkPrecompiled) addUserDecls(part->decls());
    else addUserDecls(part->noload_decls());
  }
  ctx.setTraversalScope(scope);
  if (walkPrecompiled) {
    // As RecursiveASTVisitor walks a translation unit in a limited scope.
    for (Decl *d : scope)
      if (!isa<BlockDecl, CapturedDecl>(d) && !(isa<CXXRecordDecl>(d) && cast<CXXRecordDecl>(d)->isLambda()))
        collector.TraverseDecl(d);
  } else {
    for (TranslationUnitDecl *part : parts)
      for (Decl *d : part->noload_decls()) collector.TraverseDecl(d);
  }
  collector.summariseUnvisited();
  collector.dropUnusedSummaries(partial);
  ctx.setTraversalScope(before);  // the clang-tidy plugin's other checks traverse the same context
  return index;
}

}  // namespace nnlint
