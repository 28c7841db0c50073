// torch::nn::parallel::data_parallel() and replicate(): forward() runs on
// clones of the module, every device's included, so what forward() writes into
// the module's buffers never reaches it. One fact per call whose module is a
// class nnlint can name, with the eval() or NoGradGuard that makes the call
// an evaluation when one does.
#include "flow/CallSiteFacts.h"

#include "flow/CallOrder.h"
#include "flow/LocalFlow.h"
#include "flow/ModulePlace.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <optional>

using namespace clang;

namespace nnlint {
namespace {

bool isParallelCall(const CallExpr *call, llvm::StringRef name) {
  const FunctionDecl *fd = call->getDirectCallee();
  return fd && call->getNumArgs() >= 1 && fd->getQualifiedNameAsString() == ("torch::nn::parallel::" + name).str();
}

// A call of train(...) or eval() on a module, and what it sets.
struct ModeCall {
  const CallExpr *call;
  ModulePlace module;
  bool training;
};

struct Collector : RecursiveASTVisitor<Collector> {
  const ASTContext &ctx;
  std::vector<const CallExpr *> replications;
  std::vector<ModeCall> modes;
  bool readsBuffers = false;
  explicit Collector(const ASTContext &c) : ctx(c) {}

  bool VisitCallExpr(CallExpr *call) {
    if (isParallelCall(call, "data_parallel") || isParallelCall(call, "replicate")) replications.push_back(call);
    const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
    const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
    if (!md || !md->getDeclName().isIdentifier() || !isModuleClass(md->getParent())) return true;
    llvm::StringRef name = md->getName();
    // replicas[0]->named_buffers(): buffers copied back by hand.
    readsBuffers |= name == "buffers" || name == "named_buffers";
    if (name != "eval" && name != "train") return true;
    ModulePlace module = modulePlace(mc->getImplicitObjectArgument());
    if (!module) return true;
    bool training = name == "train";
    // train(false) is eval(); train(flag) may be either, so it counts as training.
    if (training && call->getNumArgs() == 1 && !isa<CXXDefaultArgExpr>(call->getArg(0)))
      training = constantBool(call->getArg(0), ctx) != std::optional<bool>(false);
    modes.push_back({call, module, training});
    return true;
  }
};

// data_parallel with one device moves the module there and runs it: no clone.
bool singleDevice(const CallExpr *call) {
  if (call->getNumArgs() < 3) return false;
  const Expr *e = call->getArg(2);
  for (int depth = 0; e && depth < 8; ++depth) {
    e = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *cast = dyn_cast<CXXFunctionalCastExpr>(e)) {
      e = cast->getSubExpr();  // std::vector<torch::Device>{device}
      continue;
    }
    if (const auto *list = dyn_cast<InitListExpr>(e)) return list->getNumInits() == 1;
    if (const auto *list = dyn_cast<CXXStdInitializerListExpr>(e)) {
      e = list->getSubExpr();
      continue;
    }
    // optional<vector<Device>>(v), vector<Device>(list, allocator = default)
    const auto *construct = dyn_cast<CXXConstructExpr>(e);
    if (!construct || construct->getNumArgs() == 0) return false;
    for (unsigned i = 1; i < construct->getNumArgs(); ++i)
      if (!isa<CXXDefaultArgExpr>(construct->getArg(i))) return false;
    e = construct->getArg(0);
  }
  return false;
}

// The NoGradGuard (or InferenceMode) whose scope holds `s`: declared before
// it in a block that encloses it.
const VarDecl *noGradGuardAround(const Stmt *s, ParentMap &parents) {
  const Stmt *child = s;
  for (const Stmt *p = parents.getParent(child); p; child = p, p = parents.getParent(p)) {
    const auto *block = dyn_cast<CompoundStmt>(p);
    if (!block) continue;
    for (const Stmt *item : block->body()) {
      if (item == child) break;
      if (const auto *decl = dyn_cast<DeclStmt>(item))
        for (const Decl *d : decl->decls())
          if (const auto *var = dyn_cast<VarDecl>(d); var && isNoGradGuard(var)) return var;
    }
  }
  return nullptr;
}

// The eval() that puts `module` in evaluation mode at `call`: some eval()
// runs before it on every path, and no train() runs between.
const CallExpr *evalBefore(const CallExpr *call, const ModulePlace &module, const std::vector<ModeCall> &modes,
                           const CallOrder &order) {
  std::vector<const Stmt *> evals;
  for (const ModeCall &m : modes)
    if (m.module == module && !m.training) evals.push_back(m.call);
  if (evals.empty() || order.mayRunFirst(call, evals)) return nullptr;
  for (const ModeCall &m : modes)
    if (m.module == module && m.training && order.mayReachAvoiding(m.call, call, evals)) return nullptr;
  for (const Stmt *e : evals)
    if (order.mayPrecede(e, call)) return cast<CallExpr>(e);
  return nullptr;
}

}  // namespace

void collectDataParallelFacts(const FunctionDecl *fd, ASTContext &ctx, std::vector<CallSiteFact> &out) {
  Collector found(ctx);
  found.TraverseStmt(fd->getBody());
  if (found.replications.empty()) return;
  std::optional<CallOrder> order;
  std::optional<ParentMap> parents;
  for (const CallExpr *call : found.replications) {
    bool replicate = isParallelCall(call, "replicate");
    if (replicate ? found.readsBuffers : singleDevice(call)) continue;
    const Expr *arg = call->getArg(0);
    const CXXRecordDecl *impl = moduleImplOf(arg->getType());
    if (!impl) continue;
    CallSiteFact f = callSiteFact(CallSiteKind::ModuleReplicated, call, fd, ctx);
    f.moduleClass = classKey(impl);
    ModulePlace module = modulePlace(arg);
    f.subject = module ? module.name() : writtenText(arg, ctx);
    if (module) {
      if (!order) order.emplace(fd, ctx);
      if (const CallExpr *eval = evalBefore(call, module, found.modes, *order)) {
        f.cause = toPoint(ctx.getSourceManager(), eval->getBeginLoc());
        f.causeText = "'" + f.subject + "' is put in evaluation mode here";
      }
    }
    if (!f.cause.valid()) {
      if (!parents) parents.emplace(fd->getBody());
      if (const VarDecl *guard = noGradGuardAround(call, *parents)) {
        f.cause = toPoint(ctx.getSourceManager(), guard->getBeginLoc());
        f.causeText = "gradients are off from here (" + guard->getType().getAsString() + ")";
      }
    }
    out.push_back(std::move(f));
  }
}

}  // namespace nnlint
