#include "flow/CallOrder.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <set>
#include <utility>

using namespace clang;

namespace nnlint {

CallOrder::CallOrder(const FunctionDecl *fd, ASTContext &ctx) {
  Stmt *body = fd->getBody();
  if (!body) return;
  CFG::BuildOptions options;
  options.setAllAlwaysAdd();  // every sub-expression is an element, so every call has a position
  cfg_ = CFG::buildCFG(fd, body, &ctx, options);
  if (!cfg_) return;
  for (const CFGBlock *block : *cfg_) {
    unsigned index = 0;
    for (const CFGElement &element : *block) {
      if (std::optional<CFGStmt> s = element.getAs<CFGStmt>()) position_.try_emplace(s->getStmt(), block, index);
      ++index;
    }
  }
}

namespace {

// What a walk over the CFG does at a block.
enum class Step { Found, Skip, Next };

// Visits each block reachable from `from`'s successors once; true as soon as
// `visit` says Found. Skip does not go past the block.
template <class Visit> bool walkFrom(const CFGBlock *from, Visit visit) {
  llvm::SmallPtrSet<const CFGBlock *, 32> seen;
  llvm::SmallVector<const CFGBlock *, 32> work;
  for (const CFGBlock::AdjacentBlock &succ : from->succs())
    if (const CFGBlock *b = succ.getReachableBlock()) work.push_back(b);
  while (!work.empty()) {
    const CFGBlock *b = work.pop_back_val();
    if (!seen.insert(b).second) continue;
    Step step = visit(b);
    if (step == Step::Found) return true;
    if (step == Step::Skip) continue;
    for (const CFGBlock::AdjacentBlock &succ : b->succs())
      if (const CFGBlock *next = succ.getReachableBlock()) work.push_back(next);
  }
  return false;
}

}  // namespace

bool CallOrder::reachable(const CFGBlock *from, const CFGBlock *to) const {
  return walkFrom(from, [&](const CFGBlock *b) { return b == to ? Step::Found : Step::Next; });
}

bool CallOrder::mayPrecede(const Stmt *before, const Stmt *after) const {
  auto b = position_.find(before), a = position_.find(after);
  if (b == position_.end() || a == position_.end()) return false;
  if (b->second.first == a->second.first && b->second.second < a->second.second) return true;
  return reachable(b->second.first, a->second.first);
}

bool CallOrder::reachesAvoiding(const CFGBlock *block, unsigned index, const Stmt *to,
                                llvm::ArrayRef<const Stmt *> blockers) const {
  auto goal = position_.find(to);
  if (goal == position_.end()) return false;
  std::set<std::pair<const CFGBlock *, unsigned>> blocked;
  for (const Stmt *s : blockers)
    if (auto p = position_.find(s); p != position_.end()) blocked.insert(p->second);
  // Walks one block from `index` on: true at `to`, false at a blocker, else
  // the path goes on into the successors.
  enum class Scan { Reached, Blocked, Through };
  auto scan = [&](const CFGBlock *b, unsigned index) {
    for (; index < b->size(); ++index) {
      if (b == goal->second.first && index == goal->second.second) return Scan::Reached;
      if (blocked.count({b, index})) return Scan::Blocked;
    }
    return Scan::Through;
  };
  Scan first = scan(block, index);
  if (first != Scan::Through) return first == Scan::Reached;
  return walkFrom(block, [&](const CFGBlock *b) {
    Scan s = scan(b, 0);
    return s == Scan::Reached ? Step::Found : s == Scan::Blocked ? Step::Skip : Step::Next;
  });
}

bool CallOrder::mayReachAvoiding(const Stmt *from, const Stmt *to, llvm::ArrayRef<const Stmt *> blockers) const {
  auto start = position_.find(from);
  if (start == position_.end()) return false;
  return reachesAvoiding(start->second.first, start->second.second + 1, to, blockers);
}

bool CallOrder::mayRunFirst(const Stmt *to, llvm::ArrayRef<const Stmt *> blockers) const {
  if (!cfg_ || !position_.count(to)) return true;
  return reachesAvoiding(&cfg_->getEntry(), 0, to, blockers);
}

bool CallOrder::onlyPast(const Stmt *s, const std::function<bool(const Expr *, bool)> &guards) const {
  auto target = position_.find(s);
  if (!cfg_ || target == position_.end()) return false;
  llvm::SmallPtrSet<const CFGBlock *, 32> seen;
  llvm::SmallVector<const CFGBlock *, 32> work{&cfg_->getEntry()};
  while (!work.empty()) {
    const CFGBlock *b = work.pop_back_val();
    if (!b || !seen.insert(b).second) continue;
    if (b == target->second.first) return false;  // reached without passing a guard
    const auto *condition = dyn_cast_or_null<Expr>(b->getTerminatorCondition());
    unsigned i = 0;
    for (const CFGBlock *next : b->succs()) {
      // A two-way branch: the first successor is taken when the condition holds.
      bool guarded = condition && b->succ_size() == 2 && guards(condition->IgnoreParenImpCasts(), i == 0);
      if (!guarded) work.push_back(next);
      ++i;
    }
  }
  return true;
}

bool CallOrder::alwaysFollowedBy(const Stmt *from, llvm::ArrayRef<const Stmt *> targets) const {
  auto start = position_.find(from);
  if (start == position_.end()) return false;
  llvm::SmallPtrSet<const CFGBlock *, 8> meeting;
  for (const Stmt *t : targets) {
    auto p = position_.find(t);
    if (p == position_.end()) continue;
    if (p->second.first == start->second.first && p->second.second > start->second.second) return true;
    meeting.insert(p->second.first);
  }
  bool exitReached = walkFrom(start->second.first, [&](const CFGBlock *b) {
    if (meeting.count(b)) return Step::Skip;
    return b == &cfg_->getExit() ? Step::Found : Step::Next;
  });
  return !exitReached;
}

}  // namespace nnlint
