// setenv/putenv of CUDA_VISIBLE_DEVICES after CUDA was initialised on some
// path of the same function: the CUDA runtime read the variable already.
#include "flow/CallSiteFacts.h"

#include "flow/CallOrder.h"
#include "flow/TorchCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <set>

using namespace clang;

namespace nnlint {
namespace {

constexpr llvm::StringLiteral kVariable = "CUDA_VISIBLE_DEVICES";

// The text of a string constant: a literal, or a variable initialised with one.
std::optional<StringRef> constantString(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<DeclRefExpr>(e))
    if (const auto *var = dyn_cast<VarDecl>(ref->getDecl()); var && !isa<ParmVarDecl>(var) && var->getInit())
      e = var->getInit()->IgnoreParenImpCasts();
  if (const auto *s = dyn_cast<StringLiteral>(e); s && s->getCharByteWidth() == 1) return s->getString();
  return std::nullopt;
}

// The C library's setenv(name, value, overwrite) and putenv("NAME=value").
bool setsCudaVisibleDevices(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->isExternC() || !fd->getDeclName().isIdentifier() || call->getNumArgs() == 0) return false;
  std::optional<StringRef> text = constantString(call->getArg(0));
  if (!text) return false;
  if (fd->getName() == "setenv") return *text == kVariable;
  if (fd->getName() == "putenv") return text->starts_with((kVariable + "=").str());
  return false;
}

struct Init {
  const CallExpr *call = nullptr;
  std::string what;
  const CallExpr *inner = nullptr;  // when `call` is a user function: where it initialises CUDA
  std::string innerWhat;
};

class CudaInitFinder {
 public:
  CudaInitFinder(ASTContext &ctx, const SourceFilter &filter) : ctx_(ctx), filter_(filter) {}

  // The calls in `body` that initialise CUDA, directly or through a user
  // function defined in this translation unit.
  std::vector<Init> initsIn(const Stmt *body, int depth) {
    std::vector<Init> out;
    for (const CallExpr *call : callsIn(body, false)) {
      if (std::optional<std::string> what = cudaInitialisation(call)) {
        out.push_back({call, *what, nullptr, ""});
      } else if (const FunctionDecl *callee = userFunction(call, ctx_, filter_); callee && depth < 4) {
        if (std::optional<Init> inner = firstInit(callee, depth + 1))
          out.push_back({call, "a call to '" + callee->getQualifiedNameAsString() + "', which initialises CUDA",
                         inner->inner ? inner->inner : inner->call, inner->inner ? inner->innerWhat : inner->what});
      }
    }
    return out;
  }

 private:
  std::optional<Init> firstInit(const FunctionDecl *fd, int depth) {
    if (!visiting_.insert(fd).second) return std::nullopt;  // recursion
    std::vector<Init> inits = initsIn(fd->getBody(), depth);
    visiting_.erase(fd);
    if (inits.empty()) return std::nullopt;
    return inits.front();
  }

  ASTContext &ctx_;
  const SourceFilter &filter_;
  std::set<const FunctionDecl *> visiting_;
};

// The calls in a body that set the variable: setenv/putenv, or a call of a
// user function of this translation unit that does, at most four calls deep.
class CudaEnvSetFinder {
 public:
  CudaEnvSetFinder(ASTContext &ctx, const SourceFilter &filter) : ctx_(ctx), filter_(filter) {}

  struct Set {
    const CallExpr *call;
    const CallExpr *inner;  // the setenv itself, when `call` is a user function's call
  };

  std::vector<Set> setsIn(const Stmt *body, int depth) {
    std::vector<Set> out;
    for (const CallExpr *call : callsIn(body, false)) {
      if (setsCudaVisibleDevices(call)) {
        out.push_back({call, nullptr});
        continue;
      }
      const FunctionDecl *def = userFunction(call, ctx_, filter_);
      if (!def || depth >= 4) continue;
      if (const CallExpr *inner = firstSet(def, depth + 1)) out.push_back({call, inner});
    }
    return out;
  }

 private:
  // The setenv a user function reaches first, or null; each function is walked once.
  const CallExpr *firstSet(const FunctionDecl *def, int depth) {
    auto [known, fresh] = firstSets_.try_emplace(def, nullptr);
    if (!fresh) return known->second;  // done, or on the call stack (recursion)
    std::vector<Set> inner = setsIn(def->getBody(), depth);
    const CallExpr *first = inner.empty() ? nullptr : inner.front().inner ? inner.front().inner : inner.front().call;
    firstSets_[def] = first;
    return first;
  }

  ASTContext &ctx_;
  const SourceFilter &filter_;
  std::map<const FunctionDecl *, const CallExpr *> firstSets_;
};

}  // namespace

void collectCudaEnvFacts(const FunctionDecl *fd, ASTContext &ctx, const SourceFilter &filter,
                         std::vector<CallSiteFact> &out) {
  std::vector<CudaEnvSetFinder::Set> sets = CudaEnvSetFinder(ctx, filter).setsIn(fd->getBody(), 0);
  if (sets.empty()) return;
  std::vector<Init> inits = CudaInitFinder(ctx, filter).initsIn(fd->getBody(), 0);
  if (inits.empty()) return;
  CallOrder order(fd, ctx);
  const SourceManager &sm = ctx.getSourceManager();
  for (const CudaEnvSetFinder::Set &set : sets) {
    for (const Init &init : inits) {
      // A callee that both initialises CUDA and sets the variable is judged in its own body.
      if (init.call == set.call || !order.mayPrecede(init.call, set.call)) continue;
      CallSiteFact f = callSiteFact(CallSiteKind::CudaEnvAfterInit, set.call, fd, ctx);
      f.subject = kVariable.str();
      f.cause = toPoint(sm, init.call->getBeginLoc());
      f.causeText = init.what;
      if (init.inner) {
        f.innerCause = toPoint(sm, init.inner->getBeginLoc());
        f.innerCauseText = init.innerWhat;
      }
      if (set.inner) {
        f.innerCall = toPoint(sm, set.inner->getBeginLoc());
        const FunctionDecl *setter = set.inner->getDirectCallee();
        f.innerCallText = setter ? setter->getNameAsString() : "setenv";
      }
      out.push_back(std::move(f));
      break;  // the first initialisation in source order is the one to show
    }
  }
}

}  // namespace nnlint
