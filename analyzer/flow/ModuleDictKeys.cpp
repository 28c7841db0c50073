#include "flow/ModuleDictKeys.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/ModuleAliases.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>

using namespace clang;

namespace nnlint {
namespace {

const char *kModuleDict = "torch::nn::ModuleDictImpl";

bool isModuleDict(QualType t) {
  auto held = classifyMemberType(t);
  return held && held->kind != HoldKind::Container && held->moduleClass == kModuleDict;
}

// `this->heads_` for a ModuleDict member, after implicit casts and `*`/`->`.
const FieldDecl *dictMember(const Expr *e) {
  e = e ? e->IgnoreParenImpCasts() : nullptr;
  if (const auto *op = dyn_cast_or_null<CXXOperatorCallExpr>(e);
      op && (op->getOperator() == OO_Star || op->getOperator() == OO_Arrow) && op->getNumArgs() == 1)
    e = op->getArg(0)->IgnoreParenImpCasts();
  const auto *me = dyn_cast_or_null<MemberExpr>(e);
  if (!me || !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return nullptr;
  const auto *f = dyn_cast<FieldDecl>(me->getMemberDecl());
  return f && isModuleDict(f->getType()) ? f : nullptr;
}

const MemberExpr *memberExprOf(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e); op && op->getNumArgs() == 1) e = op->getArg(0)->IgnoreParenImpCasts();
  return dyn_cast<MemberExpr>(e);
}

// A construction whose only written argument is the first (an allocator may follow by default).
bool oneWrittenArg(const CXXConstructExpr *c) {
  if (c->getNumArgs() == 0) return false;
  for (unsigned i = 1; i < c->getNumArgs(); ++i)
    if (!isa<CXXDefaultArgExpr>(c->getArg(i))) return false;
  return true;
}

class Walker : public RecursiveASTVisitor<Walker> {
 public:
  Walker(ClassFact &cls, MethodFact &m, const SourceManager &sm, bool setup)
      : cls_(cls), m_(m), sm_(sm), setup_(setup) {}

  // The entries a value puts into a dict; false when they cannot all be read.
  bool entriesOf(const Expr *e, const std::string &member, int depth) {
    if (!e || depth > 12) return false;
    e = stripValue(e);
    if (const CallExpr *reg = asRegistration(e)) return reg->getNumArgs() >= 2 && entriesOf(reg->getArg(1), member, depth + 1);
    if (isNullValue(e)) return true;
    auto all = [&](auto &&range) {
      for (const Expr *part : range)
        if (!entryOf(part, member)) return false;
      return true;
    };
    if (const auto *il = dyn_cast<InitListExpr>(e)) return all(il->inits());
    if (const auto *sil = dyn_cast<CXXStdInitializerListExpr>(e)) return entriesOf(sil->getSubExpr(), member, depth + 1);
    if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) return entriesOf(mt->getSubExpr(), member, depth + 1);
    if (const auto *c = dyn_cast<CXXConstructExpr>(e)) {
      if (isModuleDict(c->getType())) {
        if (c->getNumArgs() == 0) return true;
        return c->getNumArgs() == 1 && entriesOf(c->getArg(0), member, depth + 1);
      }
      // std::vector<std::pair<std::string, std::shared_ptr<Module>>>{{"a", ...}, ...}
      if (c->isListInitialization() && oneWrittenArg(c)) return entriesOf(c->getArg(0), member, depth + 1);
      return false;
    }
    if (const auto *call = dyn_cast<CallExpr>(e); call && isModuleDict(call->getType()) && calleeName(call) == "make_shared") {
      if (call->getNumArgs() == 0) return true;
      return call->getNumArgs() == 1 && entriesOf(call->getArg(0), member, depth + 1);
    }
    return false;
  }

  // One `{"a", module}` or `std::make_pair("a", module)`.
  bool entryOf(const Expr *e, const std::string &member) {
    e = stripCopies(e);
    // A pair converted from another pair: std::make_pair("a", std::make_shared<LinearImpl>(...)).
    if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 1) e = stripCopies(c->getArg(0));
    const Expr *key = nullptr, *module = nullptr;
    if (const auto *il = dyn_cast<InitListExpr>(e); il && il->getNumInits() == 2) {
      key = il->getInit(0);
      module = il->getInit(1);
    } else if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 2) {
      key = c->getArg(0);
      module = c->getArg(1);
    } else if (const auto *call = dyn_cast<CallExpr>(e); call && call->getNumArgs() == 2 && calleeName(call) == "make_pair") {
      key = call->getArg(0);
      module = call->getArg(1);
    }
    std::optional<std::string> k = key ? literalString(key) : std::nullopt;
    if (!k) return false;
    DictEntryFact d;
    d.member = member;
    d.key = *k;
    const Expr *value = stripModuleCopies(module);
    if (const auto *ptr = dyn_cast<CXXMemberCallExpr>(value); ptr && calleeName(ptr) == "ptr")
      value = stripModuleCopies(ptr->getImplicitObjectArgument());
    if (auto held = classifyMemberType(value->getType()); held && held->kind != HoldKind::Container &&
                                                         held->moduleClass != "torch::nn::Module")
      d.moduleClass = held->moduleClass;
    d.loc = toPoint(sm_, key->getBeginLoc());
    cls_.dictEntries.push_back(d);
    return true;
  }

  void fill(const FieldDecl *f, const Expr *value) {
    std::string member = f->getNameAsString();
    if (!entriesOf(value, member, 0)) cls_.dictsWithUnknownKeys.insert(member);
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    const FieldDecl *f = op->getNumArgs() == 2 ? dictMember(op->getArg(0)) : nullptr;
    if (!f) return true;
    if (setup_ && op->getOperator() == OO_Equal) {
      fill(f, op->getArg(1));
      handled_.insert(memberExprOf(op->getArg(0)));
    } else if (!setup_ && op->getOperator() == OO_Subscript) {
      lookup(f, op->getArg(1));
      handled_.insert(memberExprOf(op->getArg(0)));
    }
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const FieldDecl *f = dictMember(call->getImplicitObjectArgument());
    if (!f) return true;
    std::string name = calleeName(call);
    if (setup_ && name == "update" && call->getNumArgs() == 1) fill(f, call->getArg(0));
    else if (!setup_ && (name == "at" || name == "operator[]") && call->getNumArgs() == 1) lookup(f, call->getArg(0));
    else if (name != "contains") return true;  // size(), items(), a range-for...: an ordinary use
    handled_.insert(memberExprOf(call->getImplicitObjectArgument()));
    return true;
  }

  bool VisitCallExpr(CallExpr *call) {
    // register_module("heads", heads_): registers, puts nothing in.
    if (registrationKind(call) && call->getNumArgs() >= 2)
      if (dictMember(stripValue(call->getArg(1)))) handled_.insert(memberExprOf(stripValue(call->getArg(1))));
    return true;
  }

  bool VisitMemberExpr(MemberExpr *me) {
    const FieldDecl *f = dictMember(me);
    if (!f || handled_.count(me)) return true;
    if (setup_) cls_.dictsWithUnknownKeys.insert(f->getNameAsString());
    else m_.dictLookups[f->getNameAsString()].insert("");
    return true;
  }

 private:
  void lookup(const FieldDecl *f, const Expr *key) {
    std::optional<std::string> k = literalString(key);
    m_.dictLookups[f->getNameAsString()].insert(k ? *k : "");
  }

  ClassFact &cls_;
  MethodFact &m_;
  const SourceManager &sm_;
  bool setup_;
  std::set<const MemberExpr *> handled_;
};

}  // namespace

void recordModuleDictFacts(const FunctionDecl *fd, ASTContext &ctx, ClassFact &cls, MethodFact &m) {
  bool setup = isa<CXXConstructorDecl>(fd) || m.name == "reset";
  Walker w(cls, m, ctx.getSourceManager(), setup);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    for (const CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten() && init->getMember() && isModuleDict(init->getMember()->getType()))
        w.fill(init->getMember(), init->getInit());
  w.TraverseStmt(fd->getBody());
}

}  // namespace nnlint
