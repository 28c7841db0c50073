#include "flow/TorchCalls.h"

#include "flow/AstUtil.h"
#include "flow/LibrarySemantics.h"
#include "flow/LocalFlow.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"


using namespace clang;

namespace nnlint {
namespace {

bool isDeviceRecord(QualType t) {
  const CXXRecordDecl *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->getQualifiedNameAsString() == "c10::Device";
}

// `TensorOptions().pinned_memory(true)`, `pinned_memory(true)`: a factory given
// it allocates page-locked memory through CUDA.
bool isPinnedMemoryOption(const Expr *e) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool found = false;
    bool VisitCallExpr(CallExpr *c) {
      const FunctionDecl *fd = c->getDirectCallee();
      if (!fd || !fd->getDeclName().isIdentifier() || fd->getName() != "pinned_memory" || c->getNumArgs() == 0 ||
          !StringRef(fd->getQualifiedNameAsString()).starts_with("c10::"))
        return true;
      // c10::optional<bool>(true): evaluate what the optional was built from.
      const Expr *arg = constructedFrom(c->getArg(c->getNumArgs() - 1));
      bool value = false;
      const ASTContext &ctx = fd->getASTContext();
      found |= !arg->isValueDependent() && arg->EvaluateAsBooleanCondition(value, ctx) && value;
      return !found;
    }
  } finder;
  finder.TraverseStmt(const_cast<Expr *>(e));
  return finder.found;
}

// The CUDA runtime and driver APIs: extern "C" functions declared in
// cuda_runtime_api.h or cuda.h.
bool isCudaApi(const FunctionDecl *fd) {
  if (!fd->isExternC() || !fd->getDeclName().isIdentifier()) return false;
  const SourceManager &sm = fd->getASTContext().getSourceManager();
  StringRef file = sm.getFilename(sm.getSpellingLoc(fd->getLocation()));
  StringRef name = fd->getName();
  return (file.ends_with("/cuda_runtime_api.h") && name.starts_with("cuda")) ||
         (file.ends_with("/cuda.h") && name.starts_with("cu"));
}

struct CudaDeviceFinder : RecursiveASTVisitor<CudaDeviceFinder> {
  int depth = 0;
  bool found = false;
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    if (const auto *ec = dyn_cast<EnumConstantDecl>(ref->getDecl())) {
      const auto *en = dyn_cast<EnumDecl>(ec->getDeclContext());
      found |= en && ec->getName() == "CUDA" && en->getQualifiedNameAsString() == "c10::DeviceType";
    } else if (const auto *var = dyn_cast<VarDecl>(ref->getDecl())) {
      // c10::kCUDA, or `torch::Device device(torch::kCUDA, rank)`.
      if (const Expr *init = var->getAnyInitializer(); init && depth < 3 && !isa<ParmVarDecl>(var)) {
        CudaDeviceFinder inner;
        inner.depth = depth + 1;
        inner.TraverseStmt(const_cast<Expr *>(init));
        found |= inner.found;
      }
    }
    return !found;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *c) {
    if (!isDeviceRecord(c->getType()) || c->getNumArgs() == 0) return true;
    // Device("cuda:1"): the literal passes through a std::string.
    struct Literal : RecursiveASTVisitor<Literal> {
      bool cuda = false;
      bool VisitStringLiteral(StringLiteral *s) {
        cuda |= s->getCharByteWidth() == 1 && s->getString().starts_with("cuda");
        return true;
      }
    } literal;
    literal.TraverseStmt(c->getArg(0));
    found |= literal.cuda;
    return !found;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

}  // namespace

std::string qualifiedCallee(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  return fd ? fd->getQualifiedNameAsString() : "";
}

bool isModuleToDevice(const CallExpr *call) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
  return md && md->getDeclName().isIdentifier() && md->getName() == "to" && md->getNumParams() > 0 &&
         isDeviceRecord(md->getParamDecl(0)->getType()) && isModuleClass(md->getParent());
}

bool isCudaDevice(const Expr *e) {
  CudaDeviceFinder f;
  f.TraverseStmt(const_cast<Expr *>(e));
  return f.found;
}

std::optional<std::string> cudaInitialisation(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) return std::nullopt;
  std::optional<LibraryEffect> effect = libraryEffect(call);
  if (effect == LibraryEffect::InitialisesCuda || isCudaApi(fd)) return fd->getQualifiedNameAsString() + "()";
  auto cudaArgument = [&] {
    for (const Expr *arg : call->arguments())
      if (!isa<CXXDefaultArgExpr>(arg) && isCudaDevice(arg)) return true;
    return false;
  };
  if (isModuleToDevice(call)) {
    if (cudaArgument()) return std::string("a module moved to CUDA");
    return std::nullopt;
  }
  if (effect == LibraryEffect::MovesTensorToCuda) return std::string("a tensor moved to CUDA");
  // A library function or Tensor method that returns a tensor made on, or
  // moved to, a CUDA device: torch::randn({2}, torch::kCUDA), x.to(device).
  std::string name = fd->getQualifiedNameAsString();
  bool library = isTensorMethod(fd) || StringRef(name).starts_with("at::") || StringRef(name).starts_with("torch::");
  if (library && isTensorType(call->getType()) && cudaArgument())
    return std::string(isTensorMethod(fd) ? "a tensor moved to CUDA" : "a tensor created on CUDA");
  if (library && isTensorType(call->getType()))
    for (const Expr *arg : call->arguments())
      if (!isa<CXXDefaultArgExpr>(arg) && isPinnedMemoryOption(arg)) return std::string("a tensor in pinned memory");
  return std::nullopt;
}

bool isTraining(const CallExpr *call) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee());
  if (!md || !md->getDeclName().isIdentifier()) return false;
  if (md->getName() == "is_training") return isModuleClass(md->getParent());
  // No gradient is taken with GradMode off, as in evaluation.
  return md->getName() == "is_enabled" && md->getParent()->getName() == "GradMode";
}

std::optional<bool> constantBool(const Expr *e, const ASTContext &ctx) {
  bool value = false;
  if (e->isValueDependent() || !e->EvaluateAsBooleanCondition(value, ctx)) return std::nullopt;
  return value;
}

std::string writtenText(const Expr *e, const ASTContext &ctx) {
  SourceRange range = e->getSourceRange();
  if (range.isInvalid() || !range.getBegin().isFileID() || !range.getEnd().isFileID()) return "";
  return Lexer::getSourceText(CharSourceRange::getTokenRange(range), ctx.getSourceManager(), ctx.getLangOpts()).str();
}

}  // namespace nnlint
