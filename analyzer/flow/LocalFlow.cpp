#include "flow/LocalFlow.h"

#include "flow/AstUtil.h"
#include "flow/OutputKeys.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace nnlint {
namespace {

bool inNamespace(const Decl *d, llvm::StringRef ns) {
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *n = dyn_cast<NamespaceDecl>(dc); n && n->getName() == ns && isa<TranslationUnitDecl>(n->getParent()))
      return true;
  return false;
}

bool isTensorRecord(const CXXRecordDecl *rd) {
  if (!rd) return false;
  std::string n = rd->getQualifiedNameAsString();
  return n == "at::Tensor" || n == "at::TensorBase";
}

std::optional<unsigned> integerTemplateArg(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) return std::nullopt;
  const TemplateArgumentList *args = fd->getTemplateSpecializationArgs();
  if (!args || args->size() == 0 || args->get(0).getKind() != TemplateArgument::Integral) return std::nullopt;
  return static_cast<unsigned>(args->get(0).getAsIntegral().getZExtValue());
}

// `std::get<K>(x)`, `x.first`, `x.field`, `x[K]`, and `x.at("key")` or
// `x["key"]` of a torch::Dict or std::map: the selected base and element.
std::optional<std::pair<const Expr *, unsigned>> selection(const Expr *e) {
  if (const auto *call = dyn_cast<CXXMemberCallExpr>(e))
    if (calleeName(call) == "at" && call->getNumArgs() == 1 &&
        isKeyedOutputType(call->getImplicitObjectArgument()->getType()))
      if (auto key = literalString(call->getArg(0))) return std::make_pair(call->getImplicitObjectArgument(), keyElement(*key));
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    if (calleeName(call) == "get" && call->getNumArgs() == 1 && !isa<CXXMemberCallExpr>(call))
      if (auto k = integerTemplateArg(call)) return std::make_pair(call->getArg(0), *k);
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call))
      if (op->getOperator() == OO_Subscript && op->getNumArgs() == 2 && !isTensorType(op->getArg(0)->getType())) {
        if (isKeyedOutputType(op->getArg(0)->getType()))
          if (auto key = literalString(op->getArg(1))) return std::make_pair(op->getArg(0), keyElement(*key));
        if (op->getArg(1)->getType()->isIntegerType() && !op->getArg(1)->isValueDependent())
          if (const auto *lit = dyn_cast<IntegerLiteral>(op->getArg(1)->IgnoreParenImpCasts()))
            return std::make_pair(op->getArg(0), static_cast<unsigned>(lit->getValue().getZExtValue()));
      }
  }
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return std::nullopt;
    const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!field || isTensorType(me->getBase()->getType())) return std::nullopt;
    return std::make_pair(me->getBase(), field->getFieldIndex());
  }
  return std::nullopt;
}

const Decl *localDecl(const Expr *e) {
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  if (!dre) return nullptr;
  const ValueDecl *d = dre->getDecl();
  if (isa<BindingDecl>(d)) return d;
  const auto *v = dyn_cast<VarDecl>(d);
  if (!v || isa<ParmVarDecl>(v) || !v->isLocalVarDecl()) return nullptr;
  return v;
}

}  // namespace

namespace {

// A call that changes the local object it is made on: an in-place tensor
// method (`y.add_(v)`), or a non-const method of a container whose value is
// not used (`outs.push_back(v)`).
bool mutatesObject(const CXXMemberCallExpr *call, bool discarded) {
  const CXXMethodDecl *md = call->getMethodDecl();
  if (!md) return false;
  if (isTensorRecord(md->getParent())) return md->getName().ends_with("_");
  // torch::Dict is a handle: its insert() and clear() are const.
  if (isKeyedOutputType(call->getImplicitObjectArgument()->getType()) && md->getDeclName().isIdentifier() &&
      (md->getName().starts_with("insert") || md->getName() == "clear"))
    return true;
  return !md->isConst() && (discarded || md->getReturnType()->isVoidType());
}

}  // namespace

const Decl *writtenLocal(const Expr *lhs) {
  for (int depth = 0; lhs && depth < 8; ++depth) {
    lhs = stripCopies(lhs);
    if (const Decl *d = localDecl(lhs)) {
      const auto *v = dyn_cast<VarDecl>(d);
      return v && v->getType()->isReferenceType() ? nullptr : d;
    }
    if (const auto *me = dyn_cast<MemberExpr>(lhs)) lhs = me->getBase();
    else if (const auto *as = dyn_cast<ArraySubscriptExpr>(lhs)) lhs = as->getBase();
    else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(lhs); op && op->getOperator() == OO_Subscript)
      lhs = op->getArg(0);
    else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(lhs)) lhs = mc->getImplicitObjectArgument();
    else return nullptr;
  }
  return nullptr;
}

bool isLibraryDecl(const Decl *d) {
  return inNamespace(d, "std") || inNamespace(d, "at") || inNamespace(d, "c10") || inNamespace(d, "torch");
}

bool isTensorMethod(const FunctionDecl *fd) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(fd);
  return md && isTensorRecord(md->getParent());
}

std::optional<unsigned> fieldIndex(QualType record, const std::string &name) {
  const RecordDecl *rd = record.getNonReferenceType()->getAsRecordDecl();
  if (!rd) return std::nullopt;
  for (const FieldDecl *f : rd->fields())
    if (f->getName() == name) return f->getFieldIndex();
  return std::nullopt;
}

LocalFlow::LocalFlow(const FunctionDecl *fd, ASTContext &ctx) : fd_(fd), ctx_(ctx) {
  collect();
  std::vector<ReachingDefs::Def> defs;
  for (unsigned i = 0; i < defs_.size(); ++i) defs.push_back({defs_[i].var, sites_[i], defs_[i].kills});
  reaching_ = std::make_unique<ReachingDefs>(fd, ctx, defs);
}

const VarDecl *LocalFlow::noGradGuardOf(const Stmt *s) const {
  const SourceManager &sm = ctx_.getSourceManager();
  for (const auto &[r, guard] : noGradRanges_)
    if (sm.isBeforeInTranslationUnit(r.getBegin(), s->getBeginLoc()) &&
        sm.isBeforeInTranslationUnit(s->getBeginLoc(), r.getEnd()))
      return guard;
  return nullptr;
}

bool LocalFlow::underNoGrad(const Stmt *s) const { return noGradGuardOf(s) != nullptr; }

void LocalFlow::collect() {
  struct Collector : RecursiveASTVisitor<Collector> {
    LocalFlow &flow;
    std::vector<const CompoundStmt *> blocks;
    std::set<const VarDecl *> loopVars;
    explicit Collector(LocalFlow &f) : flow(f) {}

    bool TraverseCompoundStmt(CompoundStmt *s) {
      blocks.push_back(s);
      for (Stmt *child : s->body()) {
        const Expr *e = dyn_cast<Expr>(child);
        if (const auto *c = dyn_cast_or_null<ExprWithCleanups>(e)) e = c->getSubExpr();
        if (e) flow.discarded_.insert(e->IgnoreParenImpCasts());
      }
      bool ok = RecursiveASTVisitor::TraverseCompoundStmt(s);
      blocks.pop_back();
      return ok;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }

    void define(const Decl *d, const void *site, const Expr *value, std::optional<unsigned> element,
                std::optional<unsigned> field, bool kills) {
      flow.defsOf_[d].push_back(flow.defs_.size());
      flow.defs_.push_back({d, value, element, field, flow.underNoGrad(value), kills});
      flow.sites_.push_back(site);
      flow.definingSites_.insert(site);
      if (element) flow.bindings_.push_back({value, *element, cast<NamedDecl>(d)});
    }

    bool TraverseCXXForRangeStmt(CXXForRangeStmt *s) {
      // The loop variable takes the elements of the range, one per iteration.
      if (VarDecl *v = s->getLoopVariable()) {
        loopVars.insert(v);
        define(v, v, s->getRangeInit(), std::nullopt, std::nullopt, true);
      }
      return RecursiveASTVisitor::TraverseCXXForRangeStmt(s);
    }

    bool VisitVarDecl(VarDecl *v) {
      if (isNoGradGuard(v) && !blocks.empty())
        flow.noGradRanges_.push_back({{v->getBeginLoc(), blocks.back()->getEndLoc()}, v});
      if (!v->hasInit() || isa<ParmVarDecl>(v) || loopVars.count(v)) return true;
      if (const auto *dd = dyn_cast<DecompositionDecl>(v)) {
        unsigned i = 0;
        for (const BindingDecl *b : dd->bindings()) define(b, dd, v->getInit(), i++, std::nullopt, true);
        return true;
      }
      const Expr *init = stripCopies(v->getInit());
      if (auto sel = selection(init)) define(v, v, sel->first, sel->second, std::nullopt, true);
      else define(v, v, v->getInit(), std::nullopt, std::nullopt, true);
      return true;
    }

    void assign(const Stmt *site, const Expr *lhs, const Expr *rhs, bool plain) {
      lhs = stripCopies(lhs);
      if (const Decl *d = localDecl(lhs)) {
        const auto *v = dyn_cast<VarDecl>(d);
        // Through a reference the write lands elsewhere: keep earlier values.
        define(d, site, rhs, std::nullopt, std::nullopt, plain && !(v && v->getType()->isReferenceType()));
        return;
      }
      if (const auto *call = dyn_cast<CallExpr>(lhs); call && calleeName(call) == "tie") {
        for (unsigned i = 0; i < call->getNumArgs(); ++i)
          if (const Decl *d = localDecl(stripCopies(call->getArg(i)))) define(d, site, rhs, i, std::nullopt, plain);
        return;
      }
      if (const auto *me = dyn_cast<MemberExpr>(lhs))
        if (const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl()))
          if (const Decl *d = localDecl(stripCopies(me->getBase()))) {
            define(d, site, rhs, std::nullopt, field->getFieldIndex(), false);
            return;
          }
      // `outs[i] = v`, `y.index({...}) = v`: part of a local changes.
      if (const Decl *d = writtenLocal(lhs)) define(d, site, rhs, std::nullopt, std::nullopt, false);
    }

    bool VisitBinaryOperator(BinaryOperator *op) {
      if (op->isAssignmentOp()) assign(op, op->getLHS(), op->getRHS(), op->getOpcode() == BO_Assign);
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
      if (op->isAssignmentOp() && op->getNumArgs() == 2)
        assign(op, op->getArg(0), op->getArg(1), op->getOperator() == OO_Equal);
      return true;
    }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
      if (const Decl *d = writtenLocal(call->getImplicitObjectArgument()))
        if (mutatesObject(call, flow.discarded_.count(call))) define(d, call, call, std::nullopt, std::nullopt, false);
      return true;
    }
    bool VisitReturnStmt(ReturnStmt *r) {
      flow.returns_.push_back(r);
      return true;
    }
  };
  if (fd_->getBody()) Collector(*this).TraverseStmt(fd_->getBody());
}

std::vector<unsigned> LocalFlow::defsReaching(const Expr *read) const {
  std::vector<unsigned> out;
  const Decl *d = localDecl(read);
  auto it = defsOf_.find(d);
  if (it == defsOf_.end()) return out;
  const llvm::BitVector *live = reaching_->reaching(cast<DeclRefExpr>(read));
  for (unsigned i : it->second)
    if (!live || live->test(i)) out.push_back(i);
  return out;
}

void LocalFlow::trace(const Expr *e, const LeafFn &onLeaf, bool throughCuts) const {
  traceElement(e, std::nullopt, onLeaf, throughCuts);
}

void LocalFlow::traceElement(const Expr *e, std::optional<unsigned> element, const LeafFn &onLeaf,
                             bool throughCuts) const {
  std::set<std::pair<unsigned, int>> seen;  // a definition once per selected element
  traceInto(e, element, onLeaf, throughCuts, seen);
}

void LocalFlow::traceInto(const Expr *e, std::optional<unsigned> element, const LeafFn &onLeaf, bool throughCuts,
                          std::set<std::pair<unsigned, int>> &seen) const {
  if (!e) return;
  e = stripCopies(e);
  if (isa<LambdaExpr>(e)) {
    onLeaf(e, element);  // its body is another function: the caller decides what its value carries
    return;
  }
  if (!throughCuts && isScalarValue(e)) return;
  if (const auto *call = dyn_cast<CallExpr>(e); call && !throughCuts && isGradientCut(call)) return;
  if (auto sel = selection(e)) {
    traceInto(sel->first, sel->second, onLeaf, throughCuts, seen);
    return;
  }
  if (localDecl(e)) {
    for (unsigned i : defsReaching(e)) {
      const Def &def = defs_[i];
      if (def.noGrad && !throughCuts) continue;
      if (def.field && element && *def.field != *element) continue;
      std::optional<unsigned> sub = def.field ? std::nullopt : def.element ? def.element : element;
      if (!seen.insert({i, sub ? static_cast<int>(*sub) : -1}).second) continue;
      traceInto(def.value, sub, onLeaf, throughCuts, seen);
    }
    return;
  }
  if (!onLeaf(e, element)) return;
  for (const Stmt *child : e->children())
    if (const auto *ce = dyn_cast_or_null<Expr>(child)) traceInto(ce, std::nullopt, onLeaf, throughCuts, seen);
}

std::vector<std::pair<std::string, std::vector<const Expr *>>> LocalFlow::returnedKeys() const {
  std::map<std::string, std::vector<const Expr *>> byKey;
  for (const ReturnStmt *r : returns_) {
    const Decl *d = r->getRetValue() ? localDecl(stripCopies(r->getRetValue())) : nullptr;
    auto defs = d ? defsOf_.find(d) : defsOf_.end();
    if (defs == defsOf_.end()) return {};
    for (unsigned i : defs->second) {
      const Def &def = defs_[i];
      const Expr *value = stripCopies(def.value);
      if (def.kills) {  // the declaration, or a fresh container: it must start empty
        const auto *c = dyn_cast<CXXConstructExpr>(value);
        const auto *list = dyn_cast<InitListExpr>(value);
        if (!(c && c->getNumArgs() == 0) && !(list && list->getNumInits() == 0)) return {};
        continue;
      }
      // `d.insert(key, v)`, `d.insert_or_assign(key, v)`, `d.emplace(key, v)`, `d[key] = v`. Only
      // declarations are not statements, and they replace the value: this site is a statement.
      std::optional<std::string> key;
      const Expr *stored = nullptr;
      const auto *insert = dyn_cast<CXXMemberCallExpr>(value);
      std::string n = insert ? calleeName(insert) : "";
      if (insert && insert->getNumArgs() == 2 && (n == "insert" || n == "insert_or_assign" || n == "emplace")) {
        key = literalString(insert->getArg(0));
        stored = insert->getArg(1);
      } else if (const auto *assign = dyn_cast<CXXOperatorCallExpr>(static_cast<const Stmt *>(sites_[i]));
                 assign && assign->getOperator() == OO_Equal && assign->getNumArgs() == 2) {
        if (const auto *sub = dyn_cast<CXXOperatorCallExpr>(stripCopies(assign->getArg(0)));
            sub && sub->getOperator() == OO_Subscript && sub->getNumArgs() == 2) {
          key = literalString(sub->getArg(1));
          stored = assign->getArg(1);
        }
      }
      if (!key) return {};  // a key that is not a constant, or another change
      byKey[*key].push_back(stored);
    }
  }
  return {byKey.begin(), byKey.end()};
}

std::vector<std::vector<const Expr *>> LocalFlow::returnedElements() const {
  std::vector<std::vector<const Expr *>> out;
  auto add = [&](unsigned i, const Expr *e) {
    if (out.size() <= i) out.resize(i + 1);
    out[i].push_back(e);
  };
  std::function<void(const Expr *, int)> split = [&](const Expr *e, int depth) {
    e = stripCopies(e);
    if (!e || depth > 4) return;
    if (const auto *il = dyn_cast<InitListExpr>(e)) {
      for (unsigned i = 0; i < il->getNumInits(); ++i) add(i, il->getInit(i));
      return;
    }
    if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      // std::vector<Tensor>{a, b}: the elements are in the initializer list.
      if (c->getNumArgs() >= 1)
        if (const auto *list = dyn_cast<CXXStdInitializerListExpr>(stripCopies(c->getArg(0)))) {
          split(list->getSubExpr(), depth + 1);
          return;
        }
      std::vector<const Expr *> args;
      for (const Expr *a : c->arguments())
        if (!isa<CXXDefaultArgExpr>(a)) args.push_back(a);
      if (args.size() >= 2)
        for (unsigned i = 0; i < args.size(); ++i) add(i, args[i]);
      return;
    }
    if (const auto *call = dyn_cast<CallExpr>(e)) {
      std::string n = calleeName(call);
      if (n == "make_tuple" || n == "make_pair" || n == "forward_as_tuple" || n == "tie")
        for (unsigned i = 0; i < call->getNumArgs(); ++i) add(i, call->getArg(i));
      return;
    }
    if (localDecl(e))
      for (unsigned i : defsReaching(e)) {
        const Def &def = defs_[i];
        if (def.field) add(*def.field, def.value);
        else if (!def.element && def.kills) split(def.value, depth + 1);
      }
  };
  for (const ReturnStmt *r : returns_) split(r->getRetValue(), 0);
  return out;
}

}  // namespace nnlint
