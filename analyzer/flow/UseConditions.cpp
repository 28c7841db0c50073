#include "UseConditions.h"

#include "SourceFilter.h"

#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/CFGStmtMap.h"
#include "clang/Lex/Lexer.h"

#include <optional>
#include <set>

using namespace clang;

namespace nnlint {
namespace {

bool isLoop(const Stmt *s) {
  return s && (isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s));
}

const Expr *conditionOf(const Stmt *terminator) {
  if (const auto *i = dyn_cast<IfStmt>(terminator)) return i->getCond();
  if (const auto *s = dyn_cast<SwitchStmt>(terminator)) return s->getCond();
  if (const auto *c = dyn_cast<AbstractConditionalOperator>(terminator)) return c->getCond();
  if (const auto *b = dyn_cast<BinaryOperator>(terminator)) return b->getLHS();
  return nullptr;
}

// The member a use names: `fc` in `fc(x)`, `this->fc->weight`.
struct Use {
  std::string name;
  const Stmt *stmt;
  bool isCall;
};

struct UseFinder : RecursiveASTVisitor<UseFinder> {
  const CXXRecordDecl *owner;
  std::vector<Use> uses;
  bool VisitMemberExpr(MemberExpr *me) {
    if (isa<FieldDecl>(me->getMemberDecl()) && isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
      uses.push_back({me->getMemberDecl()->getNameAsString(), me, false});
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    const CXXMethodDecl *md = call->getMethodDecl();
    if (md && md->getParent() == owner && isa<CXXThisExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      uses.push_back({isa<CXXConstructorDecl>(md) ? "<ctor>" : md->getNameAsString(), call, true});
    return true;
  }
};

bool mentionsMember(const Expr *cond, const std::string &member) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const std::string &name;
    bool found = false;
    explicit Finder(const std::string &n) : name(n) {}
    bool VisitMemberExpr(MemberExpr *me) {
      found |= me->getMemberDecl()->getNameAsString() == name;
      return true;
    }
  } f(member);
  f.TraverseStmt(const_cast<Expr *>(cond));
  return f.found;
}

// A block that decides whether another runs, and through which of its
// successors (for a two-way branch Clang's CFG lists the true edge first).
struct Branch {
  const CFGBlock *block = nullptr;
  unsigned edge = 0;
};

class ControlDependence {
 public:
  explicit ControlDependence(CFG *cfg) : pdt_(cfg) {
    for (const CFGBlock *x : *cfg) {
      if (!x || x->succ_size() < 2) continue;
      const CFGBlock *stop = ipdom(x);
      unsigned edge = 0;
      for (const CFGBlock::AdjacentBlock &succ : x->succs()) {
        const CFGBlock *b = succ.getReachableBlock();
        while (b && b != stop) {
          deps_[b].push_back({x, edge});
          b = ipdom(b);
        }
        ++edge;
      }
    }
  }

  // The innermost non-loop branch that decides whether `b` runs, looking
  // through loops; no block if `b` runs on every path.
  Branch guardOf(const CFGBlock *b, const std::string &member) const {
    std::set<const CFGBlock *> seen;
    return guardOf(b, member, seen);
  }

 private:
  const CFGBlock *ipdom(const CFGBlock *b) const {
    auto *node = pdt_.getBase().getNode(const_cast<CFGBlock *>(b));
    if (!node || !node->getIDom()) return nullptr;
    return node->getIDom()->getBlock();
  }

  Branch guardOf(const CFGBlock *b, const std::string &member, std::set<const CFGBlock *> &seen) const {
    auto it = deps_.find(b);
    if (it == deps_.end()) return {};
    // `if (a || b) use;` depends on `a` alone and on the whole condition:
    // name the whole condition, and the left operand only for a use inside
    // the right one.
    for (bool operand : {false, true})
      for (const Branch &x : it->second) {
        const Stmt *t = x.block->getTerminatorStmt();
        if (isa_and_nonnull<BinaryOperator>(t) != operand || !seen.insert(x.block).second) continue;
        const Expr *cond = t ? conditionOf(t) : nullptr;
        // `if (downsample) ...` guards downsample by its own existence: not a run-time choice.
        if (cond && !isLoop(t) && !mentionsMember(cond, member)) return x;
        if (Branch g = guardOf(x.block, member, seen); g.block) return g;
      }
    return {};
  }

  mutable CFGPostDomTree pdt_;  // its queries are not const
  std::map<const CFGBlock *, std::vector<Branch>> deps_;
};

// Whether every path from entry to exit passes through one of `blocks`: uses
// in both arms of an if/else, or in every case of a switch, are not conditional.
bool coversEveryPath(const CFG &cfg, const std::set<const CFGBlock *> &blocks) {
  std::set<const CFGBlock *> seen;
  std::vector<const CFGBlock *> work{&cfg.getEntry()};
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    if (blocks.count(b) || !seen.insert(b).second) continue;
    if (b == &cfg.getExit()) return false;
    for (const CFGBlock::AdjacentBlock &succ : b->succs())
      if (const CFGBlock *next = succ.getReachableBlock()) work.push_back(next);
  }
  return true;
}

}  // namespace

UseConditions findUseConditions(const FunctionDecl *fd, ASTContext &ctx) {
  UseConditions out;
  Stmt *body = fd->getBody();
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (!body || !md) return out;
  CFG::BuildOptions options;
  options.setAllAlwaysAdd();
  std::unique_ptr<CFG> cfg = CFG::buildCFG(fd, body, &ctx, options);
  if (!cfg) return out;
  ParentMap parents(body);
  std::unique_ptr<CFGStmtMap> blocks(CFGStmtMap::Build(cfg.get(), &parents));
  ControlDependence cd(cfg.get());

  UseFinder finder;
  finder.owner = md->getParent();
  finder.TraverseStmt(body);
  const SourceManager &sm = ctx.getSourceManager();
  std::set<std::string> unconditional;
  std::map<std::string, std::set<const CFGBlock *>> guardedBlocks;
  for (const Use &u : finder.uses) {
    auto &into = u.isCall ? out.callees : out.members;
    std::string key = (u.isCall ? "call:" : "") + u.name;
    if (unconditional.count(key)) continue;
    const CFGBlock *block = blocks ? blocks->getBlock(u.stmt) : nullptr;
    Branch guard = block ? cd.guardOf(block, u.name) : Branch{};
    if (!guard.block) {
      unconditional.insert(key);
      into.erase(u.name);
      continue;
    }
    guardedBlocks[key].insert(block);
    if (into.count(u.name)) continue;
    const Stmt *terminator = guard.block->getTerminatorStmt();
    const Expr *cond = conditionOf(terminator);
    std::string text = Lexer::getSourceText(CharSourceRange::getTokenRange(cond->getSourceRange()), sm,
                                            ctx.getLangOpts()).str();
    bool whenFalse = !isa<SwitchStmt>(terminator) && guard.edge == 1;
    into[u.name] = Guard{text, toPoint(sm, cond->getBeginLoc()), whenFalse};
  }
  for (const auto &[key, used] : guardedBlocks) {
    if (unconditional.count(key) || !coversEveryPath(*cfg, used)) continue;
    if (key.rfind("call:", 0) == 0) out.callees.erase(key.substr(5));
    else out.members.erase(key);
  }
  return out;
}

}  // namespace nnlint
