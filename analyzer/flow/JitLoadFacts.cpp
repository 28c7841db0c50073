// torch::jit::load(source) without a device, when the loaded module is then
// run on inputs put on a device and never moved: it stays on the devices the
// file was saved from.
#include "flow/CallSiteFacts.h"

#include "flow/AstUtil.h"
#include "flow/CallOrder.h"
#include "flow/DeviceText.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace nnlint {
namespace {

bool isJitModuleMethod(const CallExpr *call, std::initializer_list<StringRef> names) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
  if (!md) return false;
  std::string owner = md->getParent()->getQualifiedNameAsString();
  if (owner != "torch::jit::Module" && owner != "torch::jit::Object") return false;
  std::string name = md->getNameAsString();
  for (StringRef n : names)
    if (name == n) return true;
  return false;
}

const VarDecl *localOf(const Expr *e) {
  const auto *ref = dyn_cast<DeclRefExpr>(stripCopies(e));
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return var && var->hasLocalStorage() && !isa<ParmVarDecl>(var) ? var : nullptr;
}

// The device a value was put on in this function: `x.to(device)`, `x.cuda()`,
// followed through locals (their initialiser, assignments, push_back).
struct Placement {
  const Expr *where = nullptr;   // the call that places it
  const Expr *device = nullptr;  // the device argument; null for cuda()
};

class PlacementFinder {
 public:
  explicit PlacementFinder(const Stmt *body) : body_(body) {}

  Placement of(const Expr *e, int depth = 0) const {
    struct Walk : RecursiveASTVisitor<Walk> {
      const PlacementFinder &self;
      int depth;
      Placement found;
      Walk(const PlacementFinder &s, int d) : self(s), depth(d) {}
      bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
        const CXXMethodDecl *md = call->getMethodDecl();
        std::string owner = md ? md->getParent()->getQualifiedNameAsString() : "";
        if (owner != "at::Tensor" && owner != "at::TensorBase") return true;
        if (md->getNameAsString() == "cuda") found = {call, nullptr};
        if (md->getNameAsString() == "to" && call->getNumArgs() > 0)
          if (const Expr *device = deviceArgument(call->getArg(0))) found = {call, device};
        return !found.where;
      }
      bool VisitDeclRefExpr(DeclRefExpr *ref) {
        if (const VarDecl *var = localOf(ref); var && depth < 3) found = self.ofVariable(var, depth + 1);
        return !found.where;
      }
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    } walk(*this, depth);
    walk.TraverseStmt(const_cast<Expr *>(e));
    return walk.found;
  }

 private:
  // `device` or `torch::kCUDA` as written, under Tensor::to's conversions.
  static const Expr *deviceArgument(const Expr *arg) {
    const Expr *e = arg->IgnoreImplicit();
    if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && !isa<CXXTemporaryObjectExpr>(c) && c->getNumArgs() >= 1)
      e = c->getArg(0)->IgnoreImplicit();
    QualType t = e->getType().getNonReferenceType().getCanonicalType();
    const auto *rd = t->getAsCXXRecordDecl();
    const auto *en = t->getAs<EnumType>();
    bool device = (rd && rd->getQualifiedNameAsString() == "c10::Device") ||
                  (en && en->getDecl()->getQualifiedNameAsString() == "c10::DeviceType");
    return device ? e : nullptr;
  }

  Placement ofVariable(const VarDecl *var, int depth) const {
    if (const Expr *init = var->getInit())
      if (Placement p = of(init, depth); p.where) return p;
    // Values stored into it later: `v = ...`, `v.push_back(...)`, `v.emplace_back(...)`.
    struct Stores : RecursiveASTVisitor<Stores> {
      const VarDecl *var;
      std::vector<const Expr *> values;
      bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
        if (op->getOperator() == OO_Equal && op->getNumArgs() == 2 && localOf(op->getArg(0)) == var)
          values.push_back(op->getArg(1));
        return true;
      }
      bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
        std::string name = call->getMethodDecl() ? call->getMethodDecl()->getNameAsString() : "";
        if ((name == "push_back" || name == "emplace_back") && localOf(call->getImplicitObjectArgument()) == var)
          for (const Expr *arg : call->arguments()) values.push_back(arg);
        return true;
      }
    } stores;
    stores.var = var;
    stores.TraverseStmt(const_cast<Stmt *>(body_));
    for (const Expr *value : stores.values)
      if (Placement p = of(value, depth); p.where) return p;
    return {};
  }

  const Stmt *body_;
};

struct JitLoad {
  const CallExpr *call;
  const VarDecl *module;
};

struct Collector : RecursiveASTVisitor<Collector> {
  std::vector<JitLoad> loads;
  std::vector<std::pair<const CallExpr *, const VarDecl *>> runs, moves;

  static bool isLoadWithoutDevice(const Expr *e) {
    const auto *call = dyn_cast_or_null<CallExpr>(stripCopies(e));
    return call && qualifiedCallee(call) == "torch::jit::load" && call->getNumArgs() >= 2 &&
           isa<CXXDefaultArgExpr>(call->getArg(1));
  }
  bool VisitVarDecl(VarDecl *var) {
    if (var->hasLocalStorage() && var->getInit() && isLoadWithoutDevice(var->getInit()))
      loads.push_back({cast<CallExpr>(stripCopies(var->getInit())), var});
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if (op->getOperator() == OO_Equal && op->getNumArgs() == 2 && isLoadWithoutDevice(op->getArg(1)))
      if (const VarDecl *var = localOf(op->getArg(0))) loads.push_back({cast<CallExpr>(stripCopies(op->getArg(1))), var});
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    const Expr *object = callObject(call);
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(call); op && op->getOperator() == OO_Call) object = op->getArg(0);
    const VarDecl *var = object ? localOf(object) : nullptr;
    if (!var) return true;
    if (isJitModuleMethod(call, {"forward", "run_method", "operator()"})) runs.push_back({call, var});
    if (isJitModuleMethod(call, {"to"})) moves.push_back({call, var});
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

}  // namespace

void collectJitLoadFacts(const FunctionDecl *fd, ASTContext &ctx, std::vector<CallSiteFact> &out) {
  Collector found;
  found.TraverseStmt(fd->getBody());
  if (found.loads.empty() || found.runs.empty()) return;
  CallOrder order(fd, ctx);
  PlacementFinder placement(fd->getBody());
  DeviceText deviceText(fd, ctx);
  const SourceManager &sm = ctx.getSourceManager();
  for (const JitLoad &load : found.loads) {
    for (const auto &[run, module] : found.runs) {
      if (module != load.module || !order.mayPrecede(load.call, run)) continue;
      bool moved = false;
      for (const auto &[move, moveModule] : found.moves) moved |= moveModule == module && order.mayPrecede(move, run);
      if (moved) continue;
      Placement inputs;
      for (const Expr *arg : run->arguments())
        if (!inputs.where) inputs = placement.of(arg);
      if (!inputs.where) continue;
      CallSiteFact f = callSiteFact(CallSiteKind::JitLoadWithoutDevice, load.call, fd, ctx);
      f.subject = load.module->getNameAsString();
      f.cause = toPoint(sm, inputs.where->getBeginLoc());
      std::string device = inputs.device ? deviceText.inFunction(inputs.device, load.call) : "torch::kCUDA";
      f.causeText = inputs.device ? writtenText(inputs.device, ctx) : "torch::kCUDA";
      // The device goes right after the source: load(source, device).
      const Expr *source = load.call->getArg(0);
      if (!device.empty() && source->getEndLoc().isFileID()) {
        f.fixBegin = f.fixEnd = toPoint(sm, Lexer::getLocForEndOfToken(source->getEndLoc(), 0, sm, ctx.getLangOpts()));
        f.fixText = ", " + device;
      }
      out.push_back(std::move(f));
      break;
    }
  }
}

}  // namespace nnlint
