#include "flow/FrozenMembers.h"

#include "flow/AstUtil.h"
#include "flow/LocalFlow.h"
#include "flow/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace nnlint {
namespace {

// A parameter of the function walked, in a helper's result: "#<index>".
std::string paramToken(unsigned index) { return "#" + std::to_string(index); }

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  Finder(const FunctionDecl *fd, int depth) : fd_(fd), depth_(depth) {}

  bool VisitCXXForRangeStmt(CXXForRangeStmt *s) {
    if (const VarDecl *v = s->getLoopVariable()) ranges_[v] = s->getRangeInit();
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *md = call->getMethodDecl();
    if (!md || !isTensorMethod(md) || !md->getDeclName().isIdentifier()) return true;
    llvm::StringRef n = md->getName();
    if ((n != "requires_grad_" && n != "set_requires_grad") || call->getNumArgs() != 1 || !mayBeFalse(call->getArg(0)))
      return true;
    bool viaParameters = false;
    if (auto member = owner(call->getImplicitObjectArgument(), viaParameters, 0)) frozen.insert(*member);
    return true;
  }

  // A helper written here that freezes the parameters of what it is given
  // (`freeze(*backbone)`, `set_trainable(enc, false)`) freezes the argument's.
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *callee = call->getDirectCallee();
    const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
    if (!def || !def->hasBody() || def == fd_ || depth_ >= 4) return true;
    if (def->getASTContext().getSourceManager().isInSystemHeader(def->getLocation())) return true;
    const auto *member = dyn_cast<CXXMemberCallExpr>(call);
    bool onThis = member && isa<CXXThisExpr>(member->getImplicitObjectArgument()->IgnoreParenImpCasts());
    bool takesModule = std::any_of(def->param_begin(), def->param_end(), [](const ParmVarDecl *p) {
      auto held = classifyMemberType(p->getType());
      return held && held->kind != HoldKind::Tensor;
    });
    if (!onThis && !takesModule) return true;
    Finder inner(def, depth_ + 1);
    inner.TraverseStmt(def->getBody());
    unsigned shift = isa<CXXOperatorCallExpr>(call) && isa<CXXMethodDecl>(def) ? 1 : 0;
    for (unsigned i = 0; i < def->getNumParams() && i + shift < call->getNumArgs(); ++i) {
      if (!inner.frozen.count(paramToken(i))) continue;
      bool viaParameters = true;  // the helper froze the parameters of the module it was given
      if (auto member = owner(call->getArg(i + shift), viaParameters, 0)) frozen.insert(*member);
    }
    if (inner.frozen.count("*") && onThis) frozen.insert("*");
    return true;
  }

  std::set<std::string> frozen;

 private:
  // Whether a requires_grad flag may be false: anything but a constant true
  // (`requires_grad_(!options.frozen)` freezes on some runs).
  bool mayBeFalse(const Expr *e) const {
    const Expr *v = constructedFrom(e)->IgnoreParenImpCasts();
    bool value = false;
    if (v->isValueDependent() || !v->EvaluateAsBooleanCondition(value, fd_->getASTContext())) return true;
    return !value;
  }

  // The member whose parameters `e` denotes: `enc->parameters()` element
  // through a loop variable, `p.value()`, or a tensor member itself; "*" for
  // the class's own; "#i" for what the walked function's parameter i holds.
  std::optional<std::string> owner(const Expr *e, bool &viaParameters, int depth) {
    if (!e || depth > 8) return std::nullopt;
    e = stripCopies(e);
    if (isa<CXXThisExpr>(e->IgnoreParenImpCasts())) return viaParameters ? std::optional<std::string>("*") : std::nullopt;
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(ref->getDecl());
      if (!v) return std::nullopt;
      if (auto it = ranges_.find(v); it != ranges_.end()) return owner(it->second, viaParameters, depth + 1);
      if (const auto *p = dyn_cast<ParmVarDecl>(v))
        return p->getDeclContext() == fd_ && viaParameters ? std::optional(paramToken(p->getFunctionScopeIndex()))
                                                           : std::nullopt;
      return v->hasInit() ? owner(v->getInit(), viaParameters, depth + 1) : std::nullopt;
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (!isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) {
        // A tensor field of a member's module (`emb->weight`) is one of its parameters.
        viaParameters |= isTensorType(me->getType());
        return owner(me->getBase(), viaParameters, depth + 1);
      }
      if (viaParameters || isTensorType(me->getType())) return me->getMemberDecl()->getNameAsString();
      return std::nullopt;
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
      const CXXMethodDecl *md = mc->getMethodDecl();
      if (md && md->getDeclName().isIdentifier() &&
          (md->getName() == "parameters" || md->getName() == "named_parameters"))
        viaParameters = true;
      return owner(mc->getImplicitObjectArgument(), viaParameters, depth + 1);
    }
    // A handle converted to another handle type (shared_ptr<LinearImpl> to shared_ptr<Module>).
    if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 1)
      return owner(c->getArg(0), viaParameters, depth + 1);
    if (const auto *u = dyn_cast<UnaryOperator>(e); u && (u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf))
      return owner(u->getSubExpr(), viaParameters, depth + 1);
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e))
      if (op->getNumArgs() >= 1 && (op->getOperator() == OO_Arrow || op->getOperator() == OO_Star ||
                                    op->getOperator() == OO_Subscript))
        return owner(op->getArg(0), viaParameters, depth + 1);
    return std::nullopt;
  }

  const FunctionDecl *fd_;
  int depth_;
  std::map<const VarDecl *, const Expr *> ranges_;
};

}  // namespace

std::set<std::string> findFrozenMembers(const FunctionDecl *fd) {
  Finder f(fd, 0);
  if (fd->getBody()) f.TraverseStmt(fd->getBody());
  std::set<std::string> out;
  for (const std::string &m : f.frozen)
    if (m[0] != '#') out.insert(m);
  return out;
}

}  // namespace nnlint
