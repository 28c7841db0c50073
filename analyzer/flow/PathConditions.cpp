#include "flow/PathConditions.h"

#include "index/Condition.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

bool isLoopHead(const Stmt *s) { return s && (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<CXXForRangeStmt>(s)); }

const Expr *conditionOf(const CFGBlock *b) {
  if (const Expr *last = b->getLastCondition()) return last;
  const Stmt *t = b->getTerminatorStmt();
  if (const auto *i = dyn_cast_or_null<IfStmt>(t)) return i->getCond();
  if (const auto *c = dyn_cast_or_null<AbstractConditionalOperator>(t)) return c->getCond();
  if (const auto *o = dyn_cast_or_null<BinaryOperator>(t)) return o->getLHS();
  return nullptr;
}

bool throwsHere(const CFGBlock *b) {
  if (b->hasNoReturnElement()) return true;
  for (const CFGElement &e : *b)
    if (auto s = e.getAs<CFGStmt>(); s && isa<CXXThrowExpr>(s->getStmt())) return true;
  return false;
}

// Where a `throw` inside a try goes: the block that picks the try's handler.
bool isTryDispatch(const CFGBlock *b) { return b && isa_and_nonnull<CXXTryStmt>(b->getTerminatorStmt()); }

bool goesToTryDispatch(const CFGBlock *b) {
  for (const CFGBlock::AdjacentBlock &s : b->succs())
    if (isTryDispatch(s.getReachableBlock())) return true;
  return false;
}

struct LoopFinder : RecursiveASTVisitor<LoopFinder> {
  std::map<const Stmt *, std::set<const VarDecl *>> &loops;
  explicit LoopFinder(std::map<const Stmt *, std::set<const VarDecl *>> &l) : loops(l) {}
  bool VisitForStmt(ForStmt *f) {
    if (const auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit()))
      for (const Decl *d : ds->decls())
        if (const auto *v = dyn_cast<VarDecl>(d)) loops[f].insert(v);
    return true;
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *f) {
    if (const VarDecl *v = f->getLoopVariable()) loops[f].insert(v);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

}  // namespace

PathConditions::PathConditions(const CFG &cfg, const Stmt *body, AtomBuilder &atoms, ParentMap &parents)
    : entry_(&cfg.getEntry()), exit_(&cfg.getExit()) {
  findMustThrow(cfg, body);
  // Back edges, by a depth-first walk from the entry.
  std::set<const CFGBlock *> done, onStack;
  std::vector<std::pair<const CFGBlock *, CFGBlock::const_succ_iterator>> stack;
  stack.push_back({entry_, entry_->succ_begin()});
  onStack.insert(entry_);
  std::vector<const CFGBlock *> reachable{entry_};
  while (!stack.empty()) {
    auto &[b, it] = stack.back();
    if (it == b->succ_end()) {
      onStack.erase(b);
      done.insert(b);
      stack.pop_back();
      continue;
    }
    const CFGBlock *next = it->getReachableBlock();
    ++it;
    if (!next) continue;
    if (onStack.count(next)) backEdges_.insert({b, next});
    else if (!done.count(next)) {
      onStack.insert(next);
      reachable.push_back(next);
      stack.push_back({next, next->succ_begin()});
    }
  }
  for (const CFGBlock *b : reachable)
    if (!mustThrow_.count(b)) addEdges(b, atoms, parents);
  // Topological order of what the edges reach from the entry (Kahn).
  std::map<const CFGBlock *, unsigned> indegree;
  std::set<const CFGBlock *> seen{entry_};
  std::vector<const CFGBlock *> work{entry_};
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    for (const Edge &e : edges_[b]) {
      ++indegree[e.to];
      if (seen.insert(e.to).second) work.push_back(e.to);
    }
  }
  work = {entry_};
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    order_.push_back(b);
    for (const Edge &e : edges_[b])
      if (--indegree[e.to] == 0) work.push_back(e.to);
  }
  ok_ = order_.size() == seen.size();
  if (ok_) {
    auto when = propagate({});
    auto it = when.find(exit_);
    finishing_ = quantify(it == when.end() ? condFalse() : it->second, false);
  }
}

void PathConditions::findMustThrow(const CFG &cfg, const Stmt *body) {
  LoopFinder finder(loopIndexes_);
  finder.TraverseStmt(const_cast<Stmt *>(body));
  // A throw inside a try goes to the try's handlers: it ends the iteration
  // only if each handler that may catch it throws again (below).
  for (const CFGBlock *b : cfg)
    if (b && b != exit_ && throwsHere(b) && !goesToTryDispatch(b)) mustThrow_.insert(b);
  // A block whose every way out throws throws too. A try's dispatch block goes
  // to the exit for an exception none of its handlers catches: that way out throws.
  for (bool grew = true; grew;) {
    grew = false;
    for (const CFGBlock *b : cfg) {
      if (!b || b == exit_ || mustThrow_.count(b)) continue;
      bool any = false, all = true;
      for (const CFGBlock::AdjacentBlock &s : b->succs())
        if (const CFGBlock *next = s.getReachableBlock(); next && !(next == exit_ && isTryDispatch(b))) {
          any = true;
          all &= mustThrow_.count(next) != 0;
        }
      if (any && all) grew = mustThrow_.insert(b).second;
    }
  }
}

std::set<const VarDecl *> PathConditions::loopIndexesAround(const Stmt *s, ParentMap &parents) const {
  std::set<const VarDecl *> out;
  for (const Stmt *p = s; p; p = parents.getParent(p))
    if (auto it = loopIndexes_.find(p); it != loopIndexes_.end() && p != s) out.insert(it->second.begin(), it->second.end());
  return out;
}

void PathConditions::addEdges(const CFGBlock *b, AtomBuilder &atoms, ParentMap &parents) {
  std::vector<Edge> &out = edges_[b];
  auto add = [&](const CFGBlock *to, Condition when) {
    if (to && !mustThrow_.count(to) && !isFalse(when)) out.push_back({to, std::move(when)});
  };
  std::vector<const CFGBlock *> succs;
  for (const CFGBlock::AdjacentBlock &s : b->succs()) succs.push_back(s.getReachableBlock());
  const Stmt *t = b->getTerminatorStmt();
  // A loop's body runs, then the loop exits: its back edges lead to its exit.
  for (size_t i = 0; i < succs.size(); ++i) {
    const CFGBlock *to = succs[i];
    if (!to || !backEdges_.count({b, to})) continue;
    if (isLoopHead(to->getTerminatorStmt()) && to->succ_size() == 2) add((to->succs().begin() + 1)->getReachableBlock(), condTrue());
    succs[i] = nullptr;
  }
  if (isLoopHead(t) && succs.size() == 2) {
    add(succs[0], condTrue());
    return;
  }
  if (const auto *sw = dyn_cast_or_null<SwitchStmt>(t)) {
    Condition anyCase = condFalse();
    std::vector<std::pair<const CFGBlock *, Condition>> cases;
    std::set<const VarDecl *> indexes = loopIndexesAround(t, parents);
    bool dispatch = !indexes.empty() && atoms.readsOnlyLoopIndex(sw->getCond(), indexes);
    for (const CFGBlock *to : succs) {
      const auto *cs = to ? dyn_cast_or_null<CaseStmt>(to->getLabel()) : nullptr;
      if (!cs || cs->getRHS()) continue;
      Condition c = dispatch ? dispatchAtom() : atoms.equals(sw->getCond(), cs->getLHS());
      anyCase = condOr(anyCase, c);
      cases.push_back({to, c});
    }
    for (const CFGBlock *to : succs) {
      if (!to) continue;
      auto it = std::find_if(cases.begin(), cases.end(), [&](const auto &c) { return c.first == to; });
      add(to, it != cases.end() ? it->second : condNot(anyCase));
    }
    return;
  }
  const Expr *cond = succs.size() == 2 && t && !isa<DoStmt>(t) ? conditionOf(b) : nullptr;
  if (!cond) {
    for (const CFGBlock *to : succs) add(to, condTrue());
    return;
  }
  Condition c;
  std::set<const VarDecl *> indexes = loopIndexesAround(t, parents);
  if (!indexes.empty() && atoms.readsOnlyLoopIndex(cond, indexes)) {
    c = dispatchAtom();
  } else {
    c = atoms.build(cond);
  }
  add(succs[0], c);
  add(succs[1], condNot(c));
}

Condition PathConditions::dispatchAtom() {
  std::string key = "loop:" + std::to_string(dispatchAtoms_.size());
  dispatchAtoms_.push_back(key);
  return condAtom(key, "", {}, AtomKind::Runtime);
}

std::map<const CFGBlock *, Condition> PathConditions::propagate(const std::set<const CFGBlock *> &blocked) const {
  std::map<const CFGBlock *, Condition> when;
  when[entry_] = condTrue();
  for (const CFGBlock *b : order_) {
    auto it = when.find(b);
    if (it == when.end() || blocked.count(b) || isFalse(it->second)) continue;
    auto edges = edges_.find(b);
    if (edges == edges_.end()) continue;
    for (const Edge &e : edges->second) {
      Condition c = condAnd(it->second, e.when);
      auto [at, fresh] = when.emplace(e.to, c);
      if (!fresh) at->second = condOr(at->second, c);
    }
  }
  return when;
}

Condition PathConditions::quantify(Condition c, bool every) const {
  for (const std::string &d : dispatchAtoms_) {
    auto fix = [&](bool v) {
      return substitute(c, [&](const std::string &k) { return k == d ? std::optional<bool>(v) : std::nullopt; });
    };
    c = every ? condAnd(fix(true), fix(false)) : condOr(fix(true), fix(false));
  }
  return c;
}

Condition PathConditions::skipping(const std::set<const CFGBlock *> &blocks) const {
  auto when = propagate(blocks);
  auto it = when.find(exit_);
  // An index dispatch takes each side on some iteration: the loop skips the
  // blocks only if every side does.
  Condition out = quantify(it == when.end() ? condFalse() : it->second, true);
  // Where the iteration throws, nothing is skipped or used: whatever reads simplest.
  return minimize(out, condNot(finishing_));
}

Condition PathConditions::reaching(const CFGBlock *block) const {
  auto when = propagate({});
  auto it = when.find(block);
  return minimize(quantify(it == when.end() ? condFalse() : it->second, false), condNot(finishing_));
}

}  // namespace nnlint
