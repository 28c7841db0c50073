#include "flow/ReachingDefs.h"

#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"

using namespace clang;

namespace nnlint {

ReachingDefs::ReachingDefs(const FunctionDecl *fd, ASTContext &ctx, const std::vector<Def> &defs) {
  Stmt *body = fd->getBody();
  if (!body || defs.empty()) return;
  CFG::BuildOptions options;
  options.setAllAlwaysAdd();  // every DeclRefExpr is an element of its block
  std::unique_ptr<CFG> cfg = CFG::buildCFG(fd, body, &ctx, options);
  if (!cfg) return;

  const unsigned n = defs.size();
  std::map<const void *, std::vector<unsigned>> bySite;
  std::map<const Decl *, llvm::BitVector> ofVar;
  for (unsigned i = 0; i < n; ++i) {
    bySite[defs[i].site].push_back(i);
    auto [it, fresh] = ofVar.try_emplace(defs[i].var, n);
    it->second.set(i);
  }

  // The definitions one CFG statement performs, applied to `state`.
  auto apply = [&](const Stmt *s, llvm::BitVector &state) {
    auto step = [&](const void *site) {
      auto it = bySite.find(site);
      if (it == bySite.end()) return;
      for (unsigned i : it->second)
        if (defs[i].kills) state.reset(ofVar[defs[i].var]);
      for (unsigned i : it->second) state.set(i);
    };
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      for (const Decl *d : ds->decls()) step(d);
    } else {
      step(s);
    }
  };
  auto transfer = [&](const CFGBlock &b, llvm::BitVector state, bool record) {
    for (const CFGElement &e : b) {
      auto cs = e.getAs<CFGStmt>();
      if (!cs) continue;
      const Stmt *s = cs->getStmt();
      if (record)
        if (const auto *read = dyn_cast<DeclRefExpr>(s); read && ofVar.count(read->getDecl())) {
          llvm::BitVector seen = state;
          seen &= ofVar[read->getDecl()];
          auto [it, fresh] = reaching_.try_emplace(read, n);
          it->second |= seen;
        }
      apply(s, state);
    }
    return state;
  };

  std::vector<llvm::BitVector> in(cfg->getNumBlockIDs(), llvm::BitVector(n));
  std::vector<llvm::BitVector> out(cfg->getNumBlockIDs(), llvm::BitVector(n));
  PostOrderCFGView order(cfg.get());
  ForwardDataflowWorklist work(*cfg, &order);
  for (const CFGBlock *b : *cfg) work.enqueueBlock(b);
  while (const CFGBlock *b = work.dequeue()) {
    llvm::BitVector state(n);
    for (const CFGBlock::AdjacentBlock &p : b->preds())
      if (const CFGBlock *pred = p.getReachableBlock()) state |= out[pred->getBlockID()];
    in[b->getBlockID()] = state;
    llvm::BitVector after = transfer(*b, state, false);
    if (after != out[b->getBlockID()]) {
      out[b->getBlockID()] = std::move(after);
      work.enqueueSuccessors(b);
    }
  }
  for (const CFGBlock *b : *cfg) transfer(*b, in[b->getBlockID()], true);
}

const llvm::BitVector *ReachingDefs::reaching(const DeclRefExpr *read) const {
  auto it = reaching_.find(read);
  return it == reaching_.end() ? nullptr : &it->second;
}

}  // namespace nnlint
