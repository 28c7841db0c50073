#include "flow/LibrarySemantics.h"

#include "flow/AstUtil.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclCXX.h"

#include <map>
#include <string>

using namespace clang;

namespace nnlint {

namespace {

const std::map<std::string, LibraryEffect> &table() {
  static const std::map<std::string, LibraryEffect> rows = {
#define LIBRARY_FUNCTION(decl, effect, verified) {decl, LibraryEffect::effect},
#define LIBRARY_NAMESPACE(ns, effect, verified)
#include "flow/LibrarySemantics.def"
#undef LIBRARY_FUNCTION
#undef LIBRARY_NAMESPACE
  };
  return rows;
}

const std::map<std::string, LibraryEffect> &namespaceTable() {
  static const std::map<std::string, LibraryEffect> rows = {
#define LIBRARY_FUNCTION(decl, effect, verified)
#define LIBRARY_NAMESPACE(ns, effect, verified) {ns, LibraryEffect::effect},
#include "flow/LibrarySemantics.def"
#undef LIBRARY_FUNCTION
#undef LIBRARY_NAMESPACE
  };
  return rows;
}

// `torch::nn::Cloneable::clone` for `torch::nn::Cloneable<NetImpl>::clone`:
// the declaration's scopes without template arguments or inline namespaces
// (libstdc++'s `std::__cxx11`).
std::string declarationPath(const NamedDecl *d) {
  std::string path = d->getDeclName().isIdentifier() ? d->getName().str() : d->getNameAsString();
  for (const DeclContext *dc = d->getDeclContext(); dc && !dc->isTranslationUnit(); dc = dc->getParent()) {
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      if (ns->isInline()) continue;
      path = ns->getName().str() + "::" + path;
    } else if (const auto *rd = dyn_cast<RecordDecl>(dc)) {
      path = rd->getName().str() + "::" + path;
    } else if (!isa<LinkageSpecDecl>(dc)) {
      break;
    }
  }
  return path;
}

// A declaration of the standard library or LibTorch.
bool isLibraryDecl(const Decl *d) {
  const DeclContext *dc = d->getDeclContext();
  while (dc && !dc->isTranslationUnit() && !isa<NamespaceDecl>(dc)) dc = dc->getParent();
  for (; dc && !dc->isTranslationUnit(); dc = dc->getParent()) {
    const auto *ns = dyn_cast<NamespaceDecl>(dc);
    if (!ns || !isa<TranslationUnitDecl>(ns->getDeclContext()->getRedeclContext())) continue;
    StringRef n = ns->getName();
    return n == "std" || n == "torch" || n == "c10" || n == "at";
  }
  return false;
}

// What a library method can hand out of its object: not a number, a truth
// value, text, a tensor or nothing.
bool mayHandOutPart(QualType t) {
  t = t.getNonReferenceType().getCanonicalType();
  if (t->isVoidType() || t->isArithmeticType() || t->isEnumeralType()) return false;
  if (isTensorType(t)) return false;
  if (auto held = classifyMemberType(t); held && held->kind == HoldKind::Tensor) return false;
  if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl()) {
    std::string name = declarationPath(rd);
    if (name == "std::basic_string" || name == "c10::Device" || name == "c10::TensorOptions") return false;
  }
  return true;
}

std::optional<LibraryEffect> rowFor(const FunctionDecl *fd) {
  if (!isLibraryDecl(fd)) return std::nullopt;
  const FunctionDecl *pattern = fd->getTemplateInstantiationPattern();
  auto row = table().find(declarationPath(pattern ? pattern : fd));
  if (row == table().end()) row = table().find(declarationPath(fd));
  if (row != table().end()) return row->second;
  if (const auto *ns = dyn_cast<NamespaceDecl>(fd->getDeclContext()->getEnclosingNamespaceContext()))
    if (auto in = namespaceTable().find(declarationPath(ns)); in != namespaceTable().end()) return in->second;
  return std::nullopt;
}

}  // namespace

std::optional<LibraryEffect> libraryEffect(const CXXConstructExpr *construction) {
  return rowFor(construction->getConstructor());
}

std::optional<LibraryEffect> libraryEffect(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) {
    std::string name = calleeName(call);
    if (name == "register_module") return LibraryEffect::RegistersModule;
    if (name == "register_parameter") return LibraryEffect::RegistersParameter;
    if (name == "register_buffer") return LibraryEffect::RegistersBuffer;
    return std::nullopt;
  }
  if (!isLibraryDecl(fd)) return std::nullopt;
  if (auto row = rowFor(fd)) return row;
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (md && !md->isStatic() && callObject(call) && mayHandOutPart(call->getType()))
    return LibraryEffect::PassesObject;
  return std::nullopt;
}

}  // namespace nnlint
