#include "IndexBuilder.h"

#include "AstUtil.h"
#include "CallSiteFacts.h"
#include "DeadComputation.h"
#include "FrozenMembers.h"
#include "GradientFacts.h"
#include "ModuleContents.h"
#include "ParameterWrites.h"
#include "TorchTypes.h"
#include "UseConditions.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/Lexer.h"

#include <map>

using namespace clang;

namespace nnlint {
namespace {

std::string usrOf(const Decl *d) {
  llvm::SmallString<128> buf;
  if (index::generateUSRForDecl(d, buf)) return "";
  return std::string(buf);
}

std::string methodName(const FunctionDecl *fd) {
  if (isa<CXXConstructorDecl>(fd)) return "<ctor>";
  if (isa<CXXDestructorDecl>(fd)) return "<dtor>";
  return fd->getNameAsString();
}

const char *kInClassInit = "<init>";

// What an expression refers to: a member of the class being indexed, or a
// parameter of the function being walked.
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

// Walks one function body (and its constructor initialisers). Facts about the
// class's members go to `cls` (when the function is a method of a module
// class); facts about the function's parameters go to `summary`.
class BodyWalker : public RecursiveASTVisitor<BodyWalker> {
 public:
  BodyWalker(ASTContext &ctx, const SourceFilter &filter, const FunctionDecl *fd, ClassFact *cls,
             HelperSummary &summary)
      : ctx_(ctx), sm_(ctx.getSourceManager()), filter_(filter), fd_(fd), cls_(cls),
        summary_(summary), method_(methodName(fd)) {
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) owner_ = md->getParent();
  }

  void run() {
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd_))
      for (const CXXCtorInitializer *init : ctor->inits())
        if (init->isWritten() && init->getMember()) {
          // The write first: it tells the register_*() call inside which member it binds.
          recordWrite(Ref{true, init->getMember()->getNameAsString(), 0}, WriteKind::Assign,
                      init->getInit(), init->getSourceLocation());
          TraverseStmt(init->getInit());
        }
    TraverseStmt(fd_->getBody());
    resolveLocalSources();
  }

  bool VisitCXXForRangeStmt(CXXForRangeStmt *s) {
    if (const VarDecl *v = s->getLoopVariable()) aliases_[v] = s->getRangeInit();
    return true;
  }

  bool VisitVarDecl(VarDecl *v) {
    if (v->hasInit() && !isa<ParmVarDecl>(v) && !aliases_.count(v)) aliases_[v] = v->getInit();
    return true;
  }

  bool VisitMemberExpr(MemberExpr *me) {
    if (cls_ && isa<FieldDecl>(me->getMemberDecl()) && isThis(me->getBase()))
      method().membersUsed.insert(me->getMemberDecl()->getNameAsString());
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->getOpcode() == BO_Assign) handleAssign(op->getLHS(), op->getRHS(), op->getBeginLoc());
    return true;
  }

  bool VisitCallExpr(CallExpr *call) {
    if (auto kind = registrationKind(call)) {
      handleRegistration(call, *kind);
      return true;
    }
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call)) {
      if (op->getOperator() == OO_Equal && op->getNumArgs() == 2)
        handleAssign(op->getArg(0), op->getArg(1), op->getBeginLoc());
      return true;
    }
    std::string name = calleeName(call);
    const Expr *object = callObject(call);
    if (object) {
      if (auto target = refersTo(object)) {
        if (isAppendMethod(name)) {
          for (const Expr *arg : call->arguments()) recordWrite(*target, WriteKind::Append, arg, call->getBeginLoc());
        } else if (name == "clear") {
          recordWrite(*target, WriteKind::Clear, nullptr, call->getBeginLoc());
        } else if (name == "assign" || name == "resize") {
          recordWrite(*target, WriteKind::Assign, call->getNumArgs() ? call->getArg(call->getNumArgs() - 1) : nullptr,
                      call->getBeginLoc());
        } else if ((name == "requires_grad_" || name == "set_requires_grad") && target->isMember &&
                   createsGradTensor(call)) {
          recordTensorInit(target->member, true, call->getExprLoc());
        }
      }
    }
    handleOwnMethodCall(call, object);
    handleHelperCall(call);
    noteWholeModuleUse(call, name, object);
    return true;
  }

 private:
  MethodFact &method() { return cls_->methods[method_]; }

  SourcePoint point(SourceLocation loc) const { return toPoint(sm_, loc); }
  unsigned order(SourceLocation loc) const { return sm_.getFileOffset(sm_.getExpansionLoc(loc)); }

  std::optional<Ref> refersTo(const Expr *e, int depth = 0) {
    if (!e || depth > 16) return std::nullopt;
    e = stripValue(e);
    if (!e) return std::nullopt;
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (isa<FieldDecl>(me->getMemberDecl()) && isThis(me->getBase()) && owner_ &&
          me->getMemberDecl()->getDeclContext() == owner_)
        return Ref{true, me->getMemberDecl()->getNameAsString(), 0};
      std::string n = me->getMemberDecl()->getNameAsString();
      if (n == "first" || n == "second") return refersTo(me->getBase(), depth + 1);
      // A field of a user struct that wraps containers of modules (bank.items).
      if (auto held = classifyMemberType(me->getBase()->getType()); held && held->kind == HoldKind::Container)
        return refersTo(me->getBase(), depth + 1);
      return std::nullopt;
    }
    if (const auto *dm = dyn_cast<CXXDependentScopeMemberExpr>(e)) {
      if (dm->isImplicitAccess() || isThis(dm->getBase()))
        return Ref{true, dm->getMemberNameInfo().getAsString(), 0};
      std::string n = dm->getMemberNameInfo().getAsString();
      if (n == "first" || n == "second") return refersTo(dm->getBase(), depth + 1);
      return std::nullopt;
    }
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) return refersTo(as->getBase(), depth + 1);
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
      OverloadedOperatorKind k = op->getOperator();
      if ((k == OO_Subscript || k == OO_Star || k == OO_Arrow) && op->getNumArgs() >= 1)
        return refersTo(op->getArg(0), depth + 1);
      return std::nullopt;
    }
    if (const auto *u = dyn_cast<UnaryOperator>(e))
      if (u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf) return refersTo(u->getSubExpr(), depth + 1);
    if (const auto *call = dyn_cast<CallExpr>(e)) {
      std::string n = calleeName(call);
      static const std::set<std::string> views = {"at", "back", "front", "get", "ptr", "begin", "end",
                                                  "find", "value", "cbegin", "rbegin", "data"};
      if (views.count(n))
        if (const Expr *obj = callObject(call)) return refersTo(obj, depth + 1);
      return std::nullopt;
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      const ValueDecl *d = dre->getDecl();
      if (const auto *b = dyn_cast<BindingDecl>(d)) d = b->getDecomposedDecl();
      if (const auto *p = dyn_cast_or_null<ParmVarDecl>(d)) {
        if (p->getDeclContext() == fd_) return Ref{false, "", p->getFunctionScopeIndex()};
        return std::nullopt;
      }
      if (const auto *v = dyn_cast_or_null<VarDecl>(d)) {
        auto it = aliases_.find(v);
        if (it != aliases_.end()) return refersTo(it->second, depth + 1);
      }
    }
    return std::nullopt;
  }

  // Whether a value constructs a new module, rather than referring to one.
  bool constructsModule(const Expr *e) {
    auto held = classifyMemberType(e->getType());
    if (!held || held->kind == HoldKind::Tensor) return false;
    if (isNullValue(e)) return false;
    return isa<CXXConstructExpr>(e) || isa<CallExpr>(e) || isa<CXXNewExpr>(e);
  }

  void describeValue(const Expr *value, WriteFact &w, std::optional<Ref> target) {
    const Expr *e = stripValue(value);
    if (!e) return;
    if (const auto *il = dyn_cast<InitListExpr>(e)) {
      for (const Expr *init : il->inits()) describeValue(init, w, target);
      return;
    }
    if (const auto *sil = dyn_cast<CXXStdInitializerListExpr>(e)) {
      describeValue(sil->getSubExpr(), w, target);
      return;
    }
    if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      // A container built from a list: std::vector<Linear>{fc1, fc2}.
      if (c->isListInitialization() || c->getNumArgs() > 1)
        if (!classifyMemberType(c->getType()) || classifyMemberType(c->getType())->kind == HoldKind::Container) {
          for (const Expr *arg : c->arguments()) describeValue(arg, w, target);
          return;
        }
      // Sequential(fc1, fc2), ModuleList(...): what matters is where the elements come from.
      if (auto held = classifyMemberType(c->getType()); held && isModuleContainerClass(held->moduleClass)) {
        for (const Expr *arg : c->arguments()) describeValue(arg, w, target);
        return;
      }
    }
    if (const CallExpr *reg = asRegistration(e)) {
      w.fromRegistration = true;
      if (target) pendingBinding_[reg] = *target;
      return;
    }
    if (isNullValue(e)) {
      w.nullValue = true;
      return;
    }
    if (auto ref = refersTo(e)) {
      if (ref->isMember) w.sourceMembers.push_back(ref->member);
      return;
    }
    if (const VarDecl *v = localVar(e)) {
      auto alias = aliases_.find(v);
      if (alias != aliases_.end() && asRegistration(alias->second)) w.fromRegistration = true;
      else valueLocals_.push_back(v);  // registered, or not, maybe later in the body
      return;
    }
    if (constructsModule(e)) w.freshModule = true;
  }

  static const VarDecl *localVar(const Expr *e) {
    const auto *dre = dyn_cast_or_null<DeclRefExpr>(stripValue(e));
    const auto *v = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
    return v && v->hasLocalStorage() && !isa<ParmVarDecl>(v) ? v : nullptr;
  }

  // A local module written into a member (`blocks.push_back(block)`) is
  // registered if the body registers that local anywhere; else it is fresh
  // when its initialiser constructs a module.
  void resolveLocalSources() {
    if (!cls_) return;
    for (const auto &[index, v] : localSources_) {
      WriteFact &w = cls_->writes[index];
      auto alias = aliases_.find(v);
      if (registeredLocals_.count(v)) w.fromRegistration = true;
      else if (alias != aliases_.end() && constructsModule(stripValue(alias->second))) w.freshModule = true;
    }
  }

  void recordWrite(Ref target, WriteKind kind, const Expr *value, SourceLocation loc) {
    WriteFact w;
    w.kind = kind;
    w.method = method_;
    w.loc = point(loc);
    w.order = order(loc);
    valueLocals_.clear();
    if (value) {
      describeValue(value, w, target);
      // `cells_ = {}` empties the container.
      if (kind == WriteKind::Assign) {
        const Expr *e = stripValue(value);
        if (const auto *il = dyn_cast_or_null<InitListExpr>(e); il && il->getNumInits() == 0) w.kind = WriteKind::Clear;
        if (const auto *c = dyn_cast_or_null<CXXConstructExpr>(e); c && c->getNumArgs() == 0 &&
            classifyMemberType(c->getType()) && classifyMemberType(c->getType())->kind == HoldKind::Container)
          w.kind = WriteKind::Clear;
      }
    }
    if (!target.isMember) {
      if (w.fromRegistration) summary_.registers.emplace(target.param, RegistrationFact{});
      return;
    }
    if (!cls_) return;
    w.member = target.member;
    if (value && kind == WriteKind::Assign)
      if (const MemberFact *m = cls_->member(target.member); m && m->kind == HoldKind::Tensor)
        recordTensorInit(target.member, !w.fromRegistration && createsGradTensor(value), loc);
    for (const VarDecl *v : valueLocals_) localSources_.emplace_back(cls_->writes.size(), v);
    cls_->writes.push_back(std::move(w));
  }

  void recordTensorInit(const std::string &member, bool requiresGrad, SourceLocation loc) {
    if (!cls_) return;
    cls_->tensorInits.push_back(TensorInitFact{member, method_, point(loc), requiresGrad});
  }

  void handleAssign(const Expr *lhs, const Expr *rhs, SourceLocation loc) {
    const Expr *l = stripValue(lhs);
    auto target = refersTo(l);
    if (!target) return;
    bool whole = isa<MemberExpr>(l) || isa<CXXDependentScopeMemberExpr>(l) || isa<DeclRefExpr>(l);
    size_t before = cls_ ? cls_->writes.size() : 0;
    recordWrite(*target, whole ? WriteKind::Assign : WriteKind::Append, rhs, loc);
    if (cls_ && cls_->writes.size() > before) {
      if (whole) recordValueRange(cls_->writes.back(), rhs);
      else cls_->writes.back().viaSubscript = true;
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
    r.loc = point(call->getBeginLoc());
    if (kind == RegKind::Parameter && call->getNumArgs() >= 3) {
      const Expr *flag = call->getArg(2)->IgnoreParenImpCasts();
      if (const auto *b = dyn_cast<CXXBoolLiteralExpr>(flag)) r.requiresGrad = b->getValue();
    }
    std::optional<Ref> bound;
    auto pending = pendingBinding_.find(call);
    if (pending != pendingBinding_.end()) bound = pending->second;
    else if (call->getNumArgs() >= 2) bound = refersTo(call->getArg(1));
    if (bound && !bound->isMember) {
      // Replaces the placeholder that `param = register_*(...)` recorded first.
      summary_.registers[bound->param] = r;
      return;
    }
    if (!cls_) return;
    if (bound) r.member = bound->member;
    else if (call->getNumArgs() >= 2)
      if (const VarDecl *v = localVar(call->getArg(1))) registeredLocals_.insert(v);
    cls_->registrations.push_back(std::move(r));
  }

  void handleOwnMethodCall(const CallExpr *call, const Expr *object) {
    if (!cls_ || (object && !isThis(object))) return;
    const auto *md = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
    if (md && owner_ && md->getParent() == owner_) method().callees.insert(methodName(md));
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

  void handleHelperCall(const CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || isa<CXXOperatorCallExpr>(call)) return;
    if (const auto *md = dyn_cast<CXXMethodDecl>(callee); md && owner_ && md->getParent() == owner_) return;
    if (filter_.isLibrary(sm_, callee->getLocation())) return;
    std::string usr = usrOf(callee->getCanonicalDecl());
    for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams(); ++i) {
      auto ref = refersTo(call->getArg(i));
      if (!ref) continue;
      if (!ref->isMember) {
        if (callee != fd_) summary_.opaque.insert(ref->param);
        continue;
      }
      if (cls_) cls_->helperCalls.push_back(HelperCall{usr, i, ref->member, method_, point(call->getBeginLoc())});
    }
  }

  ASTContext &ctx_;
  const SourceManager &sm_;
  const SourceFilter &filter_;
  const FunctionDecl *fd_;
  const CXXRecordDecl *owner_ = nullptr;
  ClassFact *cls_;
  HelperSummary &summary_;
  std::string method_;
  std::map<const VarDecl *, const Expr *> aliases_;
  std::map<const CallExpr *, Ref> pendingBinding_;
  std::vector<const VarDecl *> valueLocals_;  // locals in the value of the write being recorded
  std::vector<std::pair<size_t, const VarDecl *>> localSources_;  // index in cls_->writes, local
  std::set<const VarDecl *> registeredLocals_;
};

class Collector : public RecursiveASTVisitor<Collector> {
 public:
  Collector(ASTContext &ctx, const SourceFilter &filter, ModelIndex &index)
      : ctx_(ctx), sm_(ctx.getSourceManager()), filter_(filter), index_(index) {}

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
    for (const CXXBaseSpecifier &b : rd->bases())
      if (const auto *base = b.getType()->getAsCXXRecordDecl())
        if (isModuleClass(base) && !filter_.isLibrary(sm_, base->getLocation()))
          c.moduleBases.push_back(base->getQualifiedNameAsString());
    for (const CXXMethodDecl *md : rd->methods()) {
      if (md->isImplicit() || md->isDeleted() || md->isDefaulted() || md->isPureVirtual()) continue;
      if (md->getName() == "clone" && !isa<CXXConstructorDecl>(md)) c.hasOwnClone = true;
      MethodFact &m = c.methods[methodName(md)];
      m.name = methodName(md);
      if (!m.loc.valid()) m.loc = toPoint(sm_, md->getLocation());
      m.isCtor = isa<CXXConstructorDecl>(md);
      m.isPublic = md->getAccess() == AS_public;
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
    for (const FieldDecl *f : rd->fields()) recordMember(c, f);
    recordMemberContents(rd, c);
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
      if (it != index_.classes.end()) {
        cls = &it->second;
        MethodFact &m = cls->methods[methodName(fd)];
        m.name = methodName(fd);
        otherOverload = m.defined;
        m.defined = true;
        if (!m.loc.valid()) m.loc = toPoint(sm_, fd->getLocation());
        if (const auto *body = dyn_cast_or_null<CompoundStmt>(fd->getBody()); body && body->getLBracLoc().isFileID())
          m.bodyStart = toPoint(sm_, body->getLBracLoc().getLocWithOffset(1));
      }
    }
    HelperSummary &summary = index_.helpers[usrOf(fd->getCanonicalDecl())];
    BodyWalker(ctx_, filter_, fd, cls, summary).run();
    collectCallSiteFacts(fd, ctx_, filter_, index_.callSites);
    if (cls) {
      MethodFact &m = cls->methods[methodName(fd)];
      m.returnsValue = !fd->getReturnType()->isVoidType() && !isa<CXXConstructorDecl>(fd);
      UseConditions uc = findUseConditions(fd, ctx_);
      m.memberGuards = std::move(uc.members);
      m.calleeGuards = std::move(uc.callees);
      m.membersMutated = std::move(uc.membersMutated);
      recordBodyContents(fd, *cls);
      for (RegistrationFact &r : cls->registrations)
        if (auto when = uc.registrations.find(r.loc); when != uc.registrations.end() && r.method == m.name)
          r.when = when->second;
      cls->flagValues.insert(uc.flagValues.begin(), uc.flagValues.end());
      if (m.name == "forward") m.outputs = forwardOutputs(fd, ctx_);
      if (!isa<CXXConstructorDecl>(fd) && !isa<CXXDestructorDecl>(fd)) recordDeadUses(m, md, ctx_, otherOverload);
      for (const std::string &member : findFrozenMembers(fd)) cls->frozenMembers.insert(member);
      for (ParameterWriteFact &w : findParameterWrites(md, ctx_)) cls->parameterWrites.push_back(std::move(w));
    }
    for (ForwardCallFact &f : forwardCallsReachingBackward(fd, ctx_, filter_)) index_.forwardCalls.push_back(std::move(f));
    return true;
  }

 private:
  void recordMember(ClassFact &c, const FieldDecl *f) {
    auto held = classifyMemberType(f->getType());
    if (!held) return;
    MemberFact m;
    m.name = f->getNameAsString();
    m.loc = toPoint(sm_, f->getLocation());
    m.type = f->getType().getAsString(ctx_.getPrintingPolicy());
    m.kind = held->kind;
    m.moduleClass = held->moduleClass;
    m.containerKind = held->containerKind;
    const Expr *init = f->getInClassInitializer();
    m.nullInit = init && isNullValue(init);
    m.defaultConstructs = !init && (m.kind == HoldKind::Holder || m.kind == HoldKind::ByValue);
    if (!c.member(m.name)) c.members.push_back(m);
    if (init && !m.nullInit) {
      WriteFact w;
      w.member = m.name;
      w.method = kInClassInit;
      w.loc = m.loc;
      w.freshModule = m.kind != HoldKind::Tensor;
      c.writes.push_back(w);
      if (m.kind == HoldKind::Tensor)
        c.tensorInits.push_back(TensorInitFact{m.name, kInClassInit, m.loc, createsGradTensor(init)});
    }
  }

  ASTContext &ctx_;
  const SourceManager &sm_;
  const SourceFilter &filter_;
  ModelIndex &index_;
};

}  // namespace

ModelIndex buildIndex(ASTContext &ctx, const SourceFilter &filter, bool walkPrecompiled) {
  ModelIndex index;
  Collector collector(ctx, filter, index);
  if (walkPrecompiled) {
    collector.TraverseDecl(ctx.getTranslationUnitDecl());
  } else {
    for (Decl *d : ctx.getTranslationUnitDecl()->noload_decls()) collector.TraverseDecl(d);
  }
  return index;
}

}  // namespace nnlint
