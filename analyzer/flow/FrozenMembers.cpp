#include "flow/FrozenMembers.h"

#include "flow/AstUtil.h"
#include "flow/LocalFlow.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace nnlint {
namespace {

class Finder : public RecursiveASTVisitor<Finder> {
 public:
  bool VisitCXXForRangeStmt(CXXForRangeStmt *s) {
    if (const VarDecl *v = s->getLoopVariable()) ranges_[v] = s->getRangeInit();
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *md = call->getMethodDecl();
    if (!md || !isTensorMethod(md) || !md->getDeclName().isIdentifier()) return true;
    llvm::StringRef n = md->getName();
    if ((n != "requires_grad_" && n != "set_requires_grad") || call->getNumArgs() != 1 ||
        !literalFalse(call->getArg(0)))
      return true;
    bool viaParameters = false;
    if (auto member = owner(call->getImplicitObjectArgument(), viaParameters, 0)) frozen.insert(*member);
    return true;
  }

  std::set<std::string> frozen;

 private:
  // The member whose parameters `e` denotes: `enc->parameters()` element
  // through a loop variable, `p.value()`, or a tensor member itself.
  std::optional<std::string> owner(const Expr *e, bool &viaParameters, int depth) {
    if (!e || depth > 8) return std::nullopt;
    e = stripCopies(e);
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(ref->getDecl());
      if (!v) return std::nullopt;
      if (auto it = ranges_.find(v); it != ranges_.end()) return owner(it->second, viaParameters, depth + 1);
      return v->hasInit() && !isa<ParmVarDecl>(v) ? owner(v->getInit(), viaParameters, depth + 1) : std::nullopt;
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
          (md->getName() == "parameters" || md->getName() == "named_parameters")) {
        viaParameters = true;
        if (isa<CXXThisExpr>(mc->getImplicitObjectArgument()->IgnoreParenImpCasts())) return std::string("*");
      }
      return owner(mc->getImplicitObjectArgument(), viaParameters, depth + 1);
    }
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e))
      if (op->getNumArgs() >= 1 && (op->getOperator() == OO_Arrow || op->getOperator() == OO_Star ||
                                    op->getOperator() == OO_Subscript))
        return owner(op->getArg(0), viaParameters, depth + 1);
    return std::nullopt;
  }

  std::map<const VarDecl *, const Expr *> ranges_;
};

}  // namespace

std::set<std::string> findFrozenMembers(const FunctionDecl *fd) {
  Finder f;
  if (fd->getBody()) f.TraverseStmt(fd->getBody());
  return f.frozen;
}

}  // namespace nnlint
