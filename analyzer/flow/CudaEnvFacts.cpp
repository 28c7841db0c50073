// setenv/putenv of CUDA_VISIBLE_DEVICES after CUDA was initialised on some
// path of the same function: the CUDA runtime read the variable already.
#include "flow/CallSiteFacts.h"

#include "flow/CallOrder.h"
#include "flow/TorchCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"

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
    struct Calls : RecursiveASTVisitor<Calls> {
      std::vector<const CallExpr *> all;
      bool VisitCallExpr(CallExpr *c) {
        all.push_back(c);
        return true;
      }
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    } calls;
    calls.TraverseStmt(const_cast<Stmt *>(body));
    std::vector<Init> out;
    for (const CallExpr *call : calls.all) {
      if (std::optional<std::string> what = cudaInitialisation(call)) {
        out.push_back({call, *what, nullptr, ""});
      } else if (const FunctionDecl *callee = userFunction(call); callee && depth < 4) {
        if (std::optional<Init> inner = firstInit(callee, depth + 1))
          out.push_back({call, "a call to '" + callee->getQualifiedNameAsString() + "', which initialises CUDA",
                         inner->inner ? inner->inner : inner->call, inner->inner ? inner->innerWhat : inner->what});
      }
    }
    return out;
  }

 private:
  const FunctionDecl *userFunction(const CallExpr *call) const {
    const FunctionDecl *callee = call->getDirectCallee();
    const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
    if (!def || !def->hasBody() || filter_.isLibrary(ctx_.getSourceManager(), def->getLocation())) return nullptr;
    return def;
  }

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

}  // namespace

void collectCudaEnvFacts(const FunctionDecl *fd, ASTContext &ctx, const SourceFilter &filter,
                         std::vector<CallSiteFact> &out) {
  struct Sets : RecursiveASTVisitor<Sets> {
    std::vector<const CallExpr *> found;
    bool VisitCallExpr(CallExpr *c) {
      if (setsCudaVisibleDevices(c)) found.push_back(c);
      return true;
    }
  } sets;
  sets.TraverseStmt(fd->getBody());
  if (sets.found.empty()) return;
  std::vector<Init> inits = CudaInitFinder(ctx, filter).initsIn(fd->getBody(), 0);
  if (inits.empty()) return;
  CallOrder order(fd, ctx);
  const SourceManager &sm = ctx.getSourceManager();
  for (const CallExpr *set : sets.found) {
    for (const Init &init : inits) {
      if (!order.mayPrecede(init.call, set)) continue;
      CallSiteFact f = callSiteFact(CallSiteKind::CudaEnvAfterInit, set, fd, ctx);
      f.subject = kVariable.str();
      f.cause = toPoint(sm, init.call->getBeginLoc());
      f.causeText = init.what;
      if (init.inner) {
        f.innerCause = toPoint(sm, init.inner->getBeginLoc());
        f.innerCauseText = init.innerWhat;
      }
      out.push_back(std::move(f));
      break;  // the first initialisation in source order is the one to show
    }
  }
}

}  // namespace nnlint
