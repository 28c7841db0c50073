#include "LocalFlow.h"

#include "AstUtil.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace nnlint {
namespace {

bool isCut(const CallExpr *call) {
  std::string n = calleeName(call);
  return n == "detach" || n == "detach_" || n == "data" || n == "item";
}

std::optional<unsigned> integerTemplateArg(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) return std::nullopt;
  const TemplateArgumentList *args = fd->getTemplateSpecializationArgs();
  if (!args || args->size() == 0 || args->get(0).getKind() != TemplateArgument::Integral) return std::nullopt;
  return static_cast<unsigned>(args->get(0).getAsIntegral().getZExtValue());
}

bool isTensor(QualType t) {
  const CXXRecordDecl *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->getQualifiedNameAsString() == "at::Tensor";
}

// `std::get<K>(x)`, `x.first`, `x.field`, `x[K]`: the selected base and element.
std::optional<std::pair<const Expr *, unsigned>> selection(const Expr *e) {
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    if (calleeName(call) == "get" && call->getNumArgs() == 1 && !isa<CXXMemberCallExpr>(call))
      if (auto k = integerTemplateArg(call)) return std::make_pair(call->getArg(0), *k);
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call))
      if (op->getOperator() == OO_Subscript && op->getNumArgs() == 2 && !isTensor(op->getArg(0)->getType())) {
        if (op->getArg(1)->getType()->isIntegerType() && !op->getArg(1)->isValueDependent())
          if (const auto *lit = dyn_cast<IntegerLiteral>(op->getArg(1)->IgnoreParenImpCasts()))
            return std::make_pair(op->getArg(0), static_cast<unsigned>(lit->getValue().getZExtValue()));
      }
  }
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return std::nullopt;
    const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!field || isTensor(me->getBase()->getType())) return std::nullopt;
    return std::make_pair(me->getBase(), field->getFieldIndex());
  }
  return std::nullopt;
}

const Decl *localDecl(const Expr *e, const FunctionDecl *fd) {
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  if (!dre) return nullptr;
  const ValueDecl *d = dre->getDecl();
  if (isa<BindingDecl>(d)) return d;
  const auto *v = dyn_cast<VarDecl>(d);
  if (!v || isa<ParmVarDecl>(v) || !v->isLocalVarDecl()) return nullptr;
  return v;
}

bool isNoGradGuard(const VarDecl *v) {
  std::string t = v->getType().getAsString();
  return t.find("NoGradGuard") != std::string::npos || t.find("InferenceMode") != std::string::npos;
}

}  // namespace

std::optional<unsigned> fieldIndex(QualType record, const std::string &name) {
  const RecordDecl *rd = record.getNonReferenceType()->getAsRecordDecl();
  if (!rd) return std::nullopt;
  for (const FieldDecl *f : rd->fields())
    if (f->getName() == name) return f->getFieldIndex();
  return std::nullopt;
}

LocalFlow::LocalFlow(const FunctionDecl *fd, ASTContext &ctx) : fd_(fd), ctx_(ctx) { collect(); }

bool LocalFlow::underNoGrad(const Stmt *s) const {
  const SourceManager &sm = ctx_.getSourceManager();
  for (SourceRange r : noGradRanges_)
    if (sm.isBeforeInTranslationUnit(r.getBegin(), s->getBeginLoc()) &&
        sm.isBeforeInTranslationUnit(s->getBeginLoc(), r.getEnd()))
      return true;
  return false;
}

void LocalFlow::collect() {
  struct Collector : RecursiveASTVisitor<Collector> {
    LocalFlow &flow;
    std::vector<const CompoundStmt *> blocks;
    explicit Collector(LocalFlow &f) : flow(f) {}

    bool TraverseCompoundStmt(CompoundStmt *s) {
      blocks.push_back(s);
      bool ok = RecursiveASTVisitor::TraverseCompoundStmt(s);
      blocks.pop_back();
      return ok;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }

    void define(const Decl *d, const Expr *value, std::optional<unsigned> element) {
      flow.defs_[d].push_back({value, element, flow.underNoGrad(value)});
      if (element) flow.bindings_.push_back({value, *element, cast<NamedDecl>(d)});
    }

    bool VisitVarDecl(VarDecl *v) {
      if (isNoGradGuard(v) && !blocks.empty()) flow.noGradRanges_.push_back({v->getBeginLoc(), blocks.back()->getEndLoc()});
      if (!v->hasInit() || isa<ParmVarDecl>(v)) return true;
      if (const auto *dd = dyn_cast<DecompositionDecl>(v)) {
        unsigned i = 0;
        for (const BindingDecl *b : dd->bindings()) define(b, v->getInit(), i++);
        return true;
      }
      const Expr *init = stripCopies(v->getInit());
      if (auto sel = selection(init)) define(v, sel->first, sel->second);
      else define(v, v->getInit(), std::nullopt);
      return true;
    }

    void assign(const Expr *lhs, const Expr *rhs) {
      lhs = stripCopies(lhs);
      if (const Decl *d = localDecl(lhs, flow.fd_)) {
        define(d, rhs, std::nullopt);
        return;
      }
      if (const auto *call = dyn_cast<CallExpr>(lhs); call && calleeName(call) == "tie") {
        for (unsigned i = 0; i < call->getNumArgs(); ++i)
          if (const Decl *d = localDecl(stripCopies(call->getArg(i)), flow.fd_)) define(d, rhs, i);
        return;
      }
      if (const auto *me = dyn_cast<MemberExpr>(lhs))
        if (const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl()))
          if (const Decl *d = localDecl(stripCopies(me->getBase()), flow.fd_))
            flow.fieldDefs_[d][field->getFieldIndex()].push_back(rhs);
    }

    bool VisitBinaryOperator(BinaryOperator *op) {
      if (op->isAssignmentOp()) assign(op->getLHS(), op->getRHS());
      return true;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
      if (op->isAssignmentOp() && op->getNumArgs() == 2) assign(op->getArg(0), op->getArg(1));
      return true;
    }
    bool VisitReturnStmt(ReturnStmt *r) {
      flow.returns_.push_back(r);
      return true;
    }
  };
  if (fd_->getBody()) Collector(*this).TraverseStmt(fd_->getBody());
}

void LocalFlow::trace(const Expr *e, const LeafFn &onLeaf) const {
  std::set<std::pair<const Decl *, int>> seen;  // a variable once per selected element
  traceInto(e, std::nullopt, onLeaf, seen);
}

void LocalFlow::traceInto(const Expr *e, std::optional<unsigned> element, const LeafFn &onLeaf,
                          std::set<std::pair<const Decl *, int>> &seen) const {
  if (!e) return;
  e = stripCopies(e);
  if (isa<LambdaExpr>(e)) return;
  if (const auto *call = dyn_cast<CallExpr>(e); call && isCut(call)) return;
  if (auto sel = selection(e)) {
    traceInto(sel->first, sel->second, onLeaf, seen);
    return;
  }
  if (const Decl *d = localDecl(e, fd_)) {
    if (!seen.insert({d, element ? static_cast<int>(*element) : -1}).second) return;
    if (auto it = defs_.find(d); it != defs_.end())
      for (const Def &def : it->second)
        if (!def.noGrad) traceInto(def.value, def.element ? def.element : element, onLeaf, seen);
    if (auto it = fieldDefs_.find(d); it != fieldDefs_.end())
      for (const auto &[index, values] : it->second)
        if (!element || *element == index)
          for (const Expr *v : values)
            if (!underNoGrad(v)) traceInto(v, std::nullopt, onLeaf, seen);
    return;
  }
  onLeaf(e, element);
  for (const Stmt *child : e->children())
    if (const auto *ce = dyn_cast_or_null<Expr>(child)) traceInto(ce, std::nullopt, onLeaf, seen);
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
    if (const Decl *d = localDecl(e, fd_)) {
      if (auto it = defs_.find(d); it != defs_.end())
        for (const Def &def : it->second)
          if (!def.element) split(def.value, depth + 1);
      if (auto it = fieldDefs_.find(d); it != fieldDefs_.end())
        for (const auto &[index, values] : it->second)
          for (const Expr *v : values) add(index, v);
    }
  };
  for (const ReturnStmt *r : returns_) split(r->getRetValue(), 0);
  return out;
}

}  // namespace nnlint
