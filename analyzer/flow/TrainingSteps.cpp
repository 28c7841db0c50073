#include "flow/TrainingSteps.h"

#include "flow/AstUtil.h"
#include "flow/LocalFlow.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

bool isOptimizerClass(const CXXRecordDecl *rd, int depth = 0) {
  if (!rd || depth > 8) return false;
  if (rd->getQualifiedNameAsString() == "torch::optim::Optimizer") return true;
  if (!rd->hasDefinition()) return false;
  for (const CXXBaseSpecifier &b : rd->bases())
    if (isOptimizerClass(b.getType()->getAsCXXRecordDecl(), depth + 1)) return true;
  return false;
}

// A method of torch::nn::Module itself: eval(), train(), zero_grad(), parameters().
bool isModuleMethod(const CXXMethodDecl *md, llvm::StringRef name) {
  return md && md->getDeclName().isIdentifier() && md->getName() == name &&
         md->getParent()->getQualifiedNameAsString() == "torch::nn::Module";
}

// A type that can carry trainable tensors: Tensor, std::vector<Tensor>, a parameter group.
bool carriesTensors(QualType t, int depth = 0) {
  if (depth > 4) return false;
  t = t.getNonReferenceType();
  if (isTensorType(t)) return true;
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  if (!rd) return false;
  if (rd->getName() == "OptimizerParamGroup") return true;
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd))
    for (const TemplateArgument &a : spec->getTemplateArgs().asArray())
      if (a.getKind() == TemplateArgument::Type && carriesTensors(a.getAsType(), depth + 1)) return true;
  return false;
}

}  // namespace

namespace {
const ValueDecl *rootDecl(const Expr *e, int depth);
}  // namespace

const ValueDecl *rootDecl(const Expr *e) { return rootDecl(e, 0); }

namespace {
const ValueDecl *rootDecl(const Expr *e, int depth) {
  for (; e && depth < 16; ++depth) {
    e = stripCopies(e);
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *v = dyn_cast<VarDecl>(ref->getDecl());
      // A local reference or holder copy denotes what it was initialised with.
      if (v && v->isLocalVarDecl() && v->hasInit() &&
          (v->getType()->isReferenceType() || classifyMemberType(v->getType())))
        if (const ValueDecl *inner = rootDecl(v->getInit(), depth + 1)) return inner;
      return ref->getDecl();
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return me->getMemberDecl();
      e = me->getBase();
    } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
      if (op->getNumArgs() < 1) return nullptr;
      e = op->getArg(0);
    } else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
      e = mc->getImplicitObjectArgument();
    } else if (const auto *u = dyn_cast<UnaryOperator>(e); u && (u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf)) {
      e = u->getSubExpr();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}
}  // namespace

TrainingSteps::~TrainingSteps() = default;

TrainingSteps::TrainingSteps(const FunctionDecl *fd, ASTContext &ctx) {
  struct Scan : RecursiveASTVisitor<Scan> {
    TrainingSteps &s;
    std::map<const ValueDecl *, std::vector<const Expr *>> added;  // add_param_group(...) arguments
    explicit Scan(TrainingSteps &t) : s(t) {}
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
      const CXXMethodDecl *md = call->getMethodDecl();
      if (!md || !md->getDeclName().isIdentifier()) return true;
      const ValueDecl *object = rootDecl(call->getImplicitObjectArgument());
      if (isOptimizerClass(md->getParent())) {
        llvm::StringRef n = md->getName();
        if (n == "step") s.steps_.push_back({call, object});
        else if (n == "zero_grad") s.optimizerZeroGrads_.push_back({call, object});
        else if (n == "add_param_group" || n == "add_parameters")
          for (const Expr *arg : call->arguments()) added[object].push_back(arg);
        if (object) s.optimizers_[object];
      } else if (isModuleMethod(md, "eval")) {
        if (object) s.evaluated_.insert(object);
      } else if (isModuleMethod(md, "train")) {
        if (object) s.trained_.insert(object);
      } else if (isModuleMethod(md, "zero_grad")) {
        s.moduleZeroGrads_.push_back({call, object});
      }
      return true;
    }
  } scan(*this);
  if (!fd->getBody()) return;
  scan.TraverseStmt(fd->getBody());
  if (steps_.empty()) return;

  LocalFlow flow(fd, ctx);
  for (auto &entry : optimizers_) {
    Optimizer &optimizer = entry.second;  // a structured binding cannot be captured before C++20
    const auto *v = dyn_cast<VarDecl>(entry.first);
    if (!v || !v->isLocalVarDecl() || !v->hasInit()) continue;  // a parameter or member: contents unknown
    std::vector<const Expr *> sources = scan.added[entry.first];
    sources.push_back(v->getInit());
    optimizer.contentsKnown = true;
    for (const Expr *source : sources)
      flow.trace(
          source,
          [&](const Expr *leaf, std::optional<unsigned>) {
            if (const auto *mc = dyn_cast<CXXMemberCallExpr>(leaf)) {
              const CXXMethodDecl *md = mc->getMethodDecl();
              if (isModuleMethod(md, "parameters") || isModuleMethod(md, "named_parameters")) {
                const ValueDecl *module = rootDecl(mc->getImplicitObjectArgument());
                if (module) optimizer.modules.insert(module);
                else optimizer.contentsKnown = false;
                return false;
              }
            }
            if (const auto *call = dyn_cast<CallExpr>(leaf))
              if (const FunctionDecl *callee = call->getDirectCallee();
                  callee && !isLibraryDecl(callee) && carriesTensors(call->getType())) {
                optimizer.contentsKnown = false;  // a user function hands it tensors
                return false;
              }
            if (const auto *ref = dyn_cast<DeclRefExpr>(leaf))
              if (carriesTensors(ref->getType()) && !isa<FunctionDecl>(ref->getDecl()))
                optimizer.contentsKnown = false;  // a parameter or global holding tensors
            if (const auto *me = dyn_cast<MemberExpr>(leaf); me && carriesTensors(me->getType()))
              optimizer.contentsKnown = false;
            return true;
          },
          true);
  }

  CFG::BuildOptions options;
  options.setAllAlwaysAdd();
  cfg_ = CFG::buildCFG(fd, fd->getBody(), &ctx, options);
  if (cfg_)
    for (const CFGBlock *b : *cfg_)
      for (unsigned i = 0; i < b->size(); ++i)
        if (auto cs = (*b)[i].getAs<CFGStmt>()) position_.emplace(cs->getStmt(), std::make_pair(b, i));
}

bool TrainingSteps::mayHold(const ValueDecl *optimizer, const ValueDecl *module) const {
  auto it = optimizer ? optimizers_.find(optimizer) : optimizers_.end();
  if (it == optimizers_.end() || !it->second.contentsKnown || !module) return true;
  return it->second.modules.count(module) != 0;
}

bool TrainingSteps::reaches(const CallExpr *from, const CallExpr *to, const std::set<const CallExpr *> &barriers) const {
  auto pf = position_.find(from);
  if (pf == position_.end() || !position_.count(to)) return true;  // not in the CFG: assume it does
  // 1: found `to`; -1: a barrier first; 0: neither in this block.
  auto scan = [&](const CFGBlock *b, unsigned start) {
    for (unsigned i = start; i < b->size(); ++i)
      if (auto cs = (*b)[i].getAs<CFGStmt>()) {
        if (cs->getStmt() == to) return 1;
        if (const auto *call = dyn_cast<CallExpr>(cs->getStmt()); call && barriers.count(call)) return -1;
      }
    return 0;
  };
  auto [start, index] = pf->second;
  int r = scan(start, index + 1);
  if (r != 0) return r == 1;
  std::set<const CFGBlock *> seen;
  std::vector<const CFGBlock *> work(start->succ_begin(), start->succ_end());
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    if (!b || !seen.insert(b).second) continue;
    r = scan(b, 0);
    if (r == 1) return true;
    if (r == 0) work.insert(work.end(), b->succ_begin(), b->succ_end());
  }
  return false;
}

bool TrainingSteps::matters(const CallExpr *backward, const ValueDecl *module) const {
  if (module && evaluated_.count(module) && !trained_.count(module)) return false;
  if (steps_.empty()) return true;
  for (const Call &step : steps_) {
    if (!mayHold(step.object, module)) continue;
    std::set<const CallExpr *> barriers;
    for (const Call &z : optimizerZeroGrads_)
      if (z.object && z.object == step.object) barriers.insert(z.call);
    for (const Call &z : moduleZeroGrads_)
      if (z.object && z.object == module) barriers.insert(z.call);
    if (reaches(backward, step.call, barriers)) return true;
  }
  return false;
}

}  // namespace nnlint
