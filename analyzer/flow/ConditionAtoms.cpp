#include "flow/ConditionAtoms.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/ConstantBranches.h"
#include "flow/FlagParams.h"
#include "flow/LocalFlow.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"
#include "index/Condition.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace nnlint {
namespace {

const Expr *strip(const Expr *e) {
  while (e) {
    const Expr *before = e;
    e = stripCopies(e->IgnoreImplicit());
    if (e == before) break;
  }
  return e;
}

const FieldDecl *thisField(const Expr *e) {
  const auto *me = dyn_cast_or_null<MemberExpr>(e);
  if (!me || !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return nullptr;
  return dyn_cast<FieldDecl>(me->getMemberDecl());
}

bool inNamespace(const NamedDecl *d, std::initializer_list<const char *> names) {
  std::string q = d->getQualifiedNameAsString();
  for (const char *n : names)
    if (q.rfind(std::string(n) + "::", 0) == 0) return true;
  return false;
}

// Random numbers differ between iterations and between GPUs.
bool isRandom(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getDeclName().isIdentifier()) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->getOperator() == OO_Call)
      if (const CXXRecordDecl *rd = op->getArg(0)->getType()->getAsCXXRecordDecl())
        return rd->isInStdNamespace() && (rd->getName().contains("distribution") || rd->getName().contains("engine") ||
                                          rd->getName().contains("mersenne"));
    return false;
  }
  static const std::set<std::string> torchRandom = {
      "rand", "randn", "randint", "rand_like", "randn_like", "randint_like", "bernoulli", "bernoulli_",
      "multinomial", "randperm", "normal", "normal_", "uniform_", "random_"};
  std::string name = fd->getName().str();
  if (inNamespace(fd, {"torch", "at"}) || isa<CXXMethodDecl>(fd)) {
    if (torchRandom.count(name) && (inNamespace(fd, {"torch", "at"}))) return true;
  }
  return (name == "rand" || name == "random" || name == "drand48") && (fd->isInStdNamespace() || fd->isGlobal());
}

std::string normalised(std::string t) {
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t.compare(i, 6, "this->") == 0) {
      i += 5;
      continue;
    }
    if (!isspace(static_cast<unsigned char>(t[i]))) out += t[i];
  }
  return out;
}

}  // namespace

AtomBuilder::AtomBuilder(const FunctionDecl *fd, ASTContext &ctx) : fd_(fd), ctx_(ctx) {
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) owner_ = md->getParent();
  const auto *ctor = dyn_cast<CXXConstructorDecl>(fd);
  isCtor_ = ctor != nullptr;
  if (fd->getBody()) mutation_ = std::make_unique<ExprMutationAnalyzer>(*fd->getBody(), ctx);
  if (!ctor) return;
  // A parameter changed before it is stored no longer holds what the caller gave.
  for (const StoredParameter &s : storedParameters(ctor)) {
    if (mutation_ && mutation_->isMutated(s.param)) continue;
    std::string member = s.member->getNameAsString();
    if (s.inInitialiser) stored_[s.param] = member;
    else stored_.emplace(s.param, member);
  }
}

std::string AtomBuilder::storedInto(const ParmVarDecl *p) const {
  auto it = stored_.find(p);
  return it == stored_.end() ? "" : it->second;
}

const Expr *AtomBuilder::initialiserOf(const VarDecl *v) {
  if (!v || isa<ParmVarDecl>(v) || !v->hasLocalStorage() || !v->getInit() || !mutation_) return nullptr;
  if (v->getType()->isReferenceType()) return v->getInit();  // a reference cannot be rebound
  // Each question matches the whole body again: ask once per local.
  auto [known, fresh] = keepsInitialiser_.try_emplace(v, false);
  if (fresh) known->second = !mutation_->isMutated(v);
  return known->second ? v->getInit() : nullptr;
}

std::string AtomBuilder::text(const Expr *e) const {
  const SourceManager &sm = ctx_.getSourceManager();
  CharSourceRange r = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(e->getSourceRange()), sm,
                                               ctx_.getLangOpts());
  // Written inside a macro's body: the macro invocation is what the reader sees.
  if (r.isInvalid()) r = sm.getExpansionRange(e->getSourceRange());
  std::string raw = Lexer::getSourceText(r, sm, ctx_.getLangOpts()).str(), out;
  for (char c : raw) {
    if (isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string AtomBuilder::moduleMemberOf(const Expr *e, int depth) {
  e = strip(e);
  if (!e || depth > 6) return "";
  e = stripValue(e);
  if (const FieldDecl *f = thisField(e)) return classifyMemberType(f->getType()) ? f->getNameAsString() : "";
  if (const auto *call = dyn_cast<CXXMemberCallExpr>(e)) {
    std::string n = calleeName(call);
    if (n == "get" || n == "ptr" || isa_and_nonnull<CXXConversionDecl>(call->getMethodDecl()))
      return moduleMemberOf(call->getImplicitObjectArgument(), depth + 1);
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    if (const Expr *init = initialiserOf(dyn_cast<VarDecl>(dre->getDecl()))) return moduleMemberOf(init, depth + 1);
  return "";
}

std::string AtomBuilder::variableKey(const Expr *e, int depth) {
  e = strip(e);
  if (!e || depth > 6) return "";
  if (const FieldDecl *f = thisField(e)) return f->getNameAsString();
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    std::string base = variableKey(me->getBase(), depth + 1);
    if (base.rfind("t:", 0) != 0) return base + "." + me->getMemberDecl()->getNameAsString();
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    if (const auto *p = dyn_cast<ParmVarDecl>(dre->getDecl())) {
      std::string m = storedInto(p);
      return m.empty() ? "p:" + p->getNameAsString() + "@" + fd_->getNameAsString() : m;
    }
    if (const Expr *init = initialiserOf(dyn_cast<VarDecl>(dre->getDecl()))) return variableKey(init, depth + 1);
  }
  return "t:" + normalised(text(e));
}

AtomKind AtomBuilder::kindOf(const Expr *e, std::vector<std::string> &members, bool &readsLocals, int depth) {
  struct Reader : RecursiveASTVisitor<Reader> {
    AtomBuilder &b;
    std::vector<std::string> &members;
    bool &readsLocals;
    int depth;
    bool runtime = false, unknown = false;
    Reader(AtomBuilder &builder, std::vector<std::string> &m, bool &l, int d)
        : b(builder), members(m), readsLocals(l), depth(d) {}
    void read(const Expr *e) {
      AtomKind k = depth < 4 ? b.kindOf(e, members, readsLocals, depth + 1) : AtomKind::Unknown;
      runtime |= k == AtomKind::Runtime;
      unknown |= k == AtomKind::Unknown;
    }
    bool VisitMemberExpr(MemberExpr *me) {
      if (thisField(me)) members.push_back(me->getMemberDecl()->getNameAsString());
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *dre) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (!v) return true;
      if (const auto *p = dyn_cast<ParmVarDecl>(v)) {
        std::string m = b.isCtor_ ? b.storedInto(p) : "";
        if (!m.empty()) members.push_back(m);
        else readsLocals = true;
        if (!b.isCtor_) runtime = true;
      } else if (v->hasLocalStorage()) {
        readsLocals = true;
        if (b.isCtor_) return true;
        if (const Expr *init = b.initialiserOf(v)) {
          read(init);
        } else {
          runtime = true;
        }
      } else if (!v->getType().isConstQualified() && !v->isConstexpr()) {
        unknown = true;  // a global the program may change
      }
      return true;
    }
    bool VisitCallExpr(CallExpr *call) {
      if (isRandom(call)) runtime = true;
      else if (isTraining(call)) unknown = true;
      else if (const FunctionDecl *fd = call->getDirectCallee()) {
        const auto *md = dyn_cast<CXXMethodDecl>(fd);
        bool own = md && b.owner_ && md->getParent() == b.owner_;
        bool library = inNamespace(fd, {"torch", "at", "c10", "std"}) || fd->isInStdNamespace() ||
                       (md && !own);  // methods of other objects: what matters is the object
        if (!library) unknown = true;
      } else {
        unknown = true;
      }
      return true;
    }
  } reader(*this, members, readsLocals, depth);
  reader.TraverseStmt(const_cast<Expr *>(e));
  if (reader.runtime) return AtomKind::Runtime;
  if (reader.unknown) return AtomKind::Unknown;
  return AtomKind::Members;
}

Condition AtomBuilder::leaf(const Expr *e, std::string key) {
  std::vector<std::string> members;
  bool readsLocals = false;
  AtomKind kind = kindOf(e, members, readsLocals, 0);
  // Parameters and locals of one function are not those of another.
  std::string scope = readsLocals ? "@" + fd_->getNameAsString() : "";
  if (key.empty()) key = "x:" + normalised(text(e)) + scope;
  else if (key.rfind("eq:t:", 0) == 0) key.insert(key.rfind('='), scope);
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  return condAtom(std::move(key), text(e), toPoint(ctx_.getSourceManager(), e->getBeginLoc()), kind,
                  std::move(members));
}

Condition AtomBuilder::build(const Expr *e) { return build(e, 0); }

// `aux.defined()`, `aux.numel() > 0`, `aux.numel() != 0`, `opt.has_value()`,
// `if (opt)` on a parameter of the method: whether the caller passed that
// input. The atom's key is "in:<position>:<name>@<method>".
std::optional<Condition> AtomBuilder::inputPresence(const Expr *e, SourcePoint loc) {
  auto parameter = [&](const Expr *object) -> const ParmVarDecl * {
    const auto *ref = dyn_cast<DeclRefExpr>(strip(object));
    const auto *p = ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
    return p && p->getDeclContext() == fd_ ? p : nullptr;
  };
  auto atom = [&](const ParmVarDecl *p) {
    return condAtom("in:" + std::to_string(p->getFunctionScopeIndex()) + ":" + p->getNameAsString() + "@" +
                        fd_->getNameAsString(),
                    text(e), loc, AtomKind::Runtime);
  };
  auto isZero = [&](const Expr *v) {
    Expr::EvalResult r;
    return !v->isValueDependent() && v->EvaluateAsInt(r, ctx_) && r.Val.getInt() == 0;
  };
  // `p.numel()`: a Tensor method on a parameter.
  auto numelOf = [&](const Expr *v) -> const ParmVarDecl * {
    const auto *mc = dyn_cast<CXXMemberCallExpr>(strip(v));
    const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
    if (!md || !md->getDeclName().isIdentifier() || md->getName() != "numel") return nullptr;
    return isTensorMethod(md) ? parameter(mc->getImplicitObjectArgument()) : nullptr;
  };
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    if (!md) return std::nullopt;
    std::string owner = md->getParent()->getQualifiedNameAsString();
    bool tensor = isTensorMethod(md);
    bool optional = owner == "std::optional" || owner == "c10::optional";
    bool asks = (tensor && md->getDeclName().isIdentifier() && md->getName() == "defined") ||
                (optional && (isa<CXXConversionDecl>(md) ||
                              (md->getDeclName().isIdentifier() && md->getName() == "has_value")));
    if (const ParmVarDecl *p = asks ? parameter(mc->getImplicitObjectArgument()) : nullptr) return atom(p);
    return std::nullopt;
  }
  const auto *bo = dyn_cast<BinaryOperator>(e);
  if (!bo) return std::nullopt;
  BinaryOperatorKind op = bo->getOpcode();
  if (const ParmVarDecl *p = numelOf(bo->getLHS()); p && isZero(bo->getRHS())) {
    if (op == BO_GT || op == BO_NE) return atom(p);
    if (op == BO_EQ || op == BO_LE) return condNot(atom(p));
  }
  if (const ParmVarDecl *p = numelOf(bo->getRHS()); p && isZero(bo->getLHS())) {
    if (op == BO_LT || op == BO_NE) return atom(p);
    if (op == BO_EQ || op == BO_GE) return condNot(atom(p));
  }
  return std::nullopt;
}

Condition AtomBuilder::build(const Expr *e, int depth) {
  e = strip(e);
  if (!e) return condAtom("x:<none>", "", {}, AtomKind::Unknown);
  if (depth > 6) return leaf(e, "");
  // `if constexpr`, a const or constexpr flag, a template argument: no atom, its value.
  if (std::optional<bool> constant = constantCondition(e, ctx_)) return *constant ? condTrue() : condFalse();
  SourcePoint loc = toPoint(ctx_.getSourceManager(), e->getBeginLoc());
  if (!isCtor_)
    if (std::optional<Condition> presence = inputPresence(e, loc)) return *presence;
  if (const auto *b = dyn_cast<CXXBoolLiteralExpr>(e)) return b->getValue() ? condTrue() : condFalse();
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_LNot)
    return condNot(build(u->getSubExpr(), depth + 1));
  if (const auto *c = dyn_cast<ConditionalOperator>(e); c && c->getType()->isBooleanType()) {
    Condition cond = build(c->getCond(), depth + 1);
    return condOr(condAnd(cond, build(c->getTrueExpr(), depth + 1)),
                  condAnd(condNot(cond), build(c->getFalseExpr(), depth + 1)));
  }
  const Expr *lhs = nullptr, *rhs = nullptr;
  bool equal = false;
  if (const auto *bo = dyn_cast<BinaryOperator>(e)) {
    if (bo->getOpcode() == BO_LAnd) return condAnd(build(bo->getLHS(), depth + 1), build(bo->getRHS(), depth + 1));
    if (bo->getOpcode() == BO_LOr) return condOr(build(bo->getLHS(), depth + 1), build(bo->getRHS(), depth + 1));
    if (bo->getOpcode() == BO_EQ || bo->getOpcode() == BO_NE) {
      lhs = bo->getLHS(), rhs = bo->getRHS();
      equal = bo->getOpcode() == BO_EQ;
    }
  }
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e); op && op->getNumArgs() == 2 &&
      (op->getOperator() == OO_EqualEqual || op->getOperator() == OO_ExclaimEqual)) {
    lhs = op->getArg(0), rhs = op->getArg(1);
    equal = op->getOperator() == OO_EqualEqual;
  }
  if (lhs && rhs) {
    auto polarity = [&](Condition c) { return equal ? c : condNot(c); };
    for (auto [value, other] : {std::pair{lhs, rhs}, std::pair{rhs, lhs}}) {
      const Expr *v = strip(value);
      if (isNullValue(v) || isa<CXXNullPtrLiteralExpr>(v)) {
        if (std::string m = moduleMemberOf(other, 0); !m.empty())
          return condNot(polarity(condAtom("nonnull:" + m, m, loc, AtomKind::Members, {m})));
      }
      if (isa<CXXBoolLiteralExpr>(v)) {
        bool truth = cast<CXXBoolLiteralExpr>(v)->getValue();
        Condition c = build(other, depth + 1);
        return truth == equal ? c : condNot(c);
      }
      if (!v->isValueDependent() && !v->getType()->isBooleanType())
        if (std::optional<Condition> c = equality(other, v, loc)) return polarity(*c);
    }
    return leaf(e, "");
  }
  if (const auto *call = dyn_cast<CallExpr>(e)) {
    if (isTraining(call)) return condAtom("training", text(e), loc, AtomKind::Training);
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
      std::string n = calleeName(mc);
      const Expr *object = mc->getImplicitObjectArgument();
      bool conversion = isa_and_nonnull<CXXConversionDecl>(mc->getMethodDecl());
      if (conversion || n == "is_empty" || n == "defined")
        if (std::string m = moduleMemberOf(object, 0); !m.empty()) {
          Condition c = condAtom("nonnull:" + m, m, loc, AtomKind::Members, {m});
          return n == "is_empty" ? condNot(c) : c;
        }
      if (conversion) return build(object, depth + 1);
    }
    return leaf(e, "");
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    if (const auto *p = dyn_cast<ParmVarDecl>(dre->getDecl())) {
      std::string m = storedInto(p);
      if (!m.empty()) return condAtom("m:" + m, text(e), loc, AtomKind::Members, {m});
    }
    if (const Expr *init = initialiserOf(dyn_cast<VarDecl>(dre->getDecl()))) return build(init, depth + 1);
  }
  if (const FieldDecl *f = thisField(e)) {
    std::string m = f->getNameAsString();
    if (classifyMemberType(f->getType())) return condAtom("nonnull:" + m, m, loc, AtomKind::Members, {m});
    return condAtom("m:" + m, text(e), loc, AtomKind::Members, {m});
  }
  return leaf(e, "");
}

std::optional<Condition> AtomBuilder::equality(const Expr *var, const Expr *value, SourcePoint loc) {
  Expr::EvalResult r;
  if (value->isValueDependent() || !value->EvaluateAsInt(r, ctx_)) return std::nullopt;
  Condition atom = leaf(var, "eq:" + variableKey(var, 0) + "=" + toString(r.Val.getInt(), 10));
  atom.text = text(strip(var)) + " == " + text(strip(value));
  atom.loc = std::move(loc);
  return atom;
}

Condition AtomBuilder::equals(const Expr *var, const Expr *value) {
  SourcePoint loc = toPoint(ctx_.getSourceManager(), value->getBeginLoc());
  if (std::optional<Condition> c = equality(var, value, loc)) return *c;
  return leaf(value, "");
}

bool AtomBuilder::readsOnlyLoopIndex(const Expr *e, const std::set<const VarDecl *> &loopVars) {
  struct Reader : RecursiveASTVisitor<Reader> {
    const std::set<const VarDecl *> &vars;
    bool index = false, other = false;
    explicit Reader(const std::set<const VarDecl *> &v) : vars(v) {}
    bool VisitDeclRefExpr(DeclRefExpr *dre) {
      const auto *v = dyn_cast<VarDecl>(dre->getDecl());
      if (!v) return true;
      if (vars.count(v)) index = true;
      else if (v->hasLocalStorage() && !v->getType().isConstQualified()) other = true;
      return true;
    }
    bool VisitCallExpr(CallExpr *call) {
      other |= isRandom(call);
      return true;
    }
  } reader(loopVars);
  reader.TraverseStmt(const_cast<Expr *>(e));
  return reader.index && !reader.other;
}

std::set<std::string> membersMutatedIn(const FunctionDecl *fd, ASTContext &ctx) {
  std::set<std::string> out;
  if (!fd->getBody()) return out;
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const MemberExpr *> reads;
    bool VisitMemberExpr(MemberExpr *me) {
      const FieldDecl *f = thisField(me);
      if (!f) return true;
      auto held = classifyMemberType(f->getType());
      // Modules are judged by the writes of the index: calling one is not changing which one it is.
      if (!held || held->kind == HoldKind::Tensor) reads.push_back(me);
      return true;
    }
  } finder;
  finder.TraverseStmt(fd->getBody());
  if (finder.reads.empty()) return out;
  ExprMutationAnalyzer analyzer(*fd->getBody(), ctx);
  for (const MemberExpr *me : finder.reads) {
    std::string name = me->getMemberDecl()->getNameAsString();
    if (!out.count(name) && analyzer.isMutated(me)) out.insert(name);
  }
  return out;
}

}  // namespace nnlint
