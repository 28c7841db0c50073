#include "flow/TensorMemberWrites.h"

#include "base/SourceFilter.h"
#include "flow/AstUtil.h"
#include "flow/ConditionAtoms.h"
#include "flow/LocalFlow.h"
#include "flow/PathConditions.h"
#include "flow/TorchTypes.h"
#include "index/Condition.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/CFGStmtMap.h"

#include <map>
#include <set>

using namespace clang;

namespace nnlint {
namespace {

// A named (not operator) method of at::Tensor or at::TensorBase.
bool isNamedTensorMethod(const CXXMethodDecl *md) { return isTensorMethod(md) && md->getDeclName().isIdentifier(); }

// ATen's in-place convention, less the methods that change only autograd state.
bool changesValues(llvm::StringRef name) {
  return name.ends_with("_") && name != "requires_grad_" && name != "detach_" && name != "share_memory_";
}

// Tensor methods whose result shares the tensor's storage, so that writing
// to the result writes to the tensor.
bool isView(llvm::StringRef name) {
  static const std::set<std::string> views = {"data",   "detach",    "view",      "view_as", "select",
                                              "narrow", "slice",     "squeeze",   "unsqueeze", "t",
                                              "transpose", "permute", "diagonal", "as_strided", "expand"};
  return views.count(name.str()) != 0;
}

// The tensor member of `this` that `e` is, or is a view of; an in-place
// method returns the tensor itself (`buf_.mul_(m)` in `buf_.mul_(m).add_(x)`).
const FieldDecl *writtenMember(const Expr *e) {
  for (int depth = 0; e && depth < 16; ++depth) {
    e = stripCopies(e);
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      const auto *f = dyn_cast<FieldDecl>(me->getMemberDecl());
      bool own = isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts());
      return f && own && isTensorType(f->getType()) ? f : nullptr;
    }
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e); op && op->getOperator() == OO_Subscript) {
      e = op->getArg(0);
      continue;
    }
    const auto *call = dyn_cast<CXXMemberCallExpr>(e);
    const CXXMethodDecl *md = call ? call->getMethodDecl() : nullptr;
    if (!md || !isNamedTensorMethod(md) || !(isView(md->getName()) || changesValues(md->getName()))) return nullptr;
    e = call->getImplicitObjectArgument();
  }
  return nullptr;
}

// `buf_ = buf_.to(x.device())`: the same values, moved or converted; no
// state is kept in the write.
bool sameValues(const Expr *value, const FieldDecl *member) {
  static const std::set<std::string> conversions = {"to",    "cuda",  "cpu",    "type",   "type_as", "toType",
                                                    "float", "double", "half", "contiguous", "detach", "clone"};
  const Expr *e = value;
  for (int depth = 0; e && depth < 16; ++depth) {
    e = stripCopies(e);
    const auto *call = dyn_cast<CXXMemberCallExpr>(e);
    const CXXMethodDecl *md = call ? call->getMethodDecl() : nullptr;
    if (!md || !isNamedTensorMethod(md) || !conversions.count(md->getName().str())) break;
    e = call->getImplicitObjectArgument();
  }
  const auto *me = e ? dyn_cast<MemberExpr>(stripCopies(e)) : nullptr;
  return me && me->getMemberDecl() == member && e != value;
}

struct Write {
  const FieldDecl *member;
  const Stmt *stmt;
  std::string how;
};

struct WriteFinder : RecursiveASTVisitor<WriteFinder> {
  std::vector<Write> found;

  void add(const Expr *target, const Stmt *stmt, std::string how) {
    if (const FieldDecl *f = writtenMember(target)) found.push_back({f, stmt, std::move(how)});
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if (op->getNumArgs() != 2) return true;
    OverloadedOperatorKind k = op->getOperator();
    // `buf_ = register_buffer(...)` binds the member; it changes no value.
    if (k == OO_Equal && !asRegistration(op->getArg(1))) {
      const FieldDecl *f = writtenMember(op->getArg(0));
      if (f && !sameValues(op->getArg(1), f)) found.push_back({f, op, "="});
    }
    if (k == OO_PlusEqual || k == OO_MinusEqual || k == OO_StarEqual || k == OO_SlashEqual || k == OO_PipeEqual ||
        k == OO_AmpEqual || k == OO_CaretEqual)
      add(op->getArg(0), op, getOperatorSpelling(k));
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *md = call->getMethodDecl();
    if (md && isNamedTensorMethod(md) && changesValues(md->getName()))
      add(call->getImplicitObjectArgument(), call, md->getName().str() + "()");
    return true;
  }
  // torch::relu_(buf_), torch::nn::init::zeros_(buf_): in-place functions take the tensor first.
  bool VisitCallExpr(CallExpr *call) {
    if (isa<CXXMemberCallExpr>(call) || isa<CXXOperatorCallExpr>(call) || call->getNumArgs() == 0) return true;
    const FunctionDecl *fd = call->getDirectCallee();
    if (!fd || !fd->getDeclName().isIdentifier() || !changesValues(fd->getName())) return true;
    std::string q = fd->getQualifiedNameAsString();
    if (q.rfind("torch::", 0) == 0 || q.rfind("at::", 0) == 0) add(call->getArg(0), call, fd->getName().str() + "()");
    return true;
  }
};

// Whether each write runs only when is_training() (or grad mode) is true:
// its path condition is false once every training atom is false.
std::vector<bool> trainingOnly(const CXXMethodDecl *method, ASTContext &ctx, const std::vector<Write> &writes) {
  std::vector<bool> out(writes.size(), false);
  Stmt *body = method->getBody();
  CFG::BuildOptions options;
  options.setAllAlwaysAdd();
  std::unique_ptr<CFG> cfg = CFG::buildCFG(method, body, &ctx, options);
  if (!cfg) return out;
  ParentMap parents(body);
  std::unique_ptr<CFGStmtMap> blocks(CFGStmtMap::Build(cfg.get(), &parents));
  if (!blocks) return out;
  AtomBuilder atoms(method, ctx);
  PathConditions paths(*cfg, body, atoms, parents);
  if (!paths.ok()) return out;
  for (size_t i = 0; i < writes.size(); ++i) {
    const CFGBlock *block = blocks->getBlock(writes[i].stmt);
    if (!block) continue;  // in a lambda: not in this CFG
    Condition runs = paths.reaching(block);
    std::map<std::string, Condition> found;
    collectAtoms(runs, found);
    Condition inEval = substitute(runs, [&](const std::string &key) -> std::optional<bool> {
      auto it = found.find(key);
      if (it != found.end() && it->second.kind == AtomKind::Training) return false;
      return std::nullopt;
    });
    out[i] = isFalse(inEval);
  }
  return out;
}

}  // namespace

std::vector<TensorWriteFact> findTensorMemberWrites(const CXXMethodDecl *method, ASTContext &ctx) {
  std::vector<TensorWriteFact> out;
  if (!method->getBody() || isa<CXXConstructorDecl>(method) || isa<CXXDestructorDecl>(method)) return out;
  WriteFinder finder;
  finder.TraverseStmt(method->getBody());
  if (finder.found.empty()) return out;
  std::vector<bool> training = trainingOnly(method, ctx, finder.found);
  for (size_t i = 0; i < finder.found.size(); ++i) {
    const Write &w = finder.found[i];
    TensorWriteFact f;
    f.member = w.member->getNameAsString();
    f.method = methodName(method);
    f.loc = toPoint(ctx.getSourceManager(), w.stmt->getBeginLoc());
    f.how = w.how;
    f.onlyInTraining = training[i];
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace nnlint
