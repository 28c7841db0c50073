#include "parse/PartUnloader.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclContextInternals.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Redeclarable.h"
#include "llvm/ADT/STLExtras.h"

#include <vector>

using namespace clang;

namespace nnlint {
namespace {

// A declaration read from a PCH hangs under whichever part was current when
// Sema read it: it is never the part's own.
bool lexicallyIn(const Decl *d, const TranslationUnitDecl *part) {
  if (d->isFromASTFile()) return false;
  for (const DeclContext *dc = d->getLexicalDeclContext(); dc; dc = cast<Decl>(dc)->getLexicalDeclContext())
    if (dc == part) return true;
  return false;
}

// The most recent declaration of d's entity that the part did not make.
const Decl *previousOutside(const Decl *d, const TranslationUnitDecl *part) {
  const Decl *previous = d->getPreviousDecl();
  while (previous && lexicallyIn(previous, part)) previous = previous->getPreviousDecl();
  return previous;
}

// The declarations the part made, outermost first, down through the
// contexts whose members can be declarations of outside entities
// (namespaces, linkage specifications, classes: friends). Function bodies
// declare nothing outside. What the part's lists hold from the PCH is not
// the part's.
void collect(DeclContext *dc, const TranslationUnitDecl *part, std::vector<Decl *> &out) {
  for (Decl *d : dc->noload_decls()) {
    if (!lexicallyIn(d, part)) continue;
    out.push_back(d);
    if (isa<NamespaceDecl, LinkageSpecDecl, ExportDecl, TagDecl>(d)) collect(cast<DeclContext>(d), part, out);
  }
}

bool detachable(const Decl *d, const TranslationUnitDecl *part) {
  if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(d))
    if (!lexicallyIn(spec->getSpecializedTemplate(), part)) return false;
  if (const auto *spec = dyn_cast<VarTemplateSpecializationDecl>(d))
    if (!lexicallyIn(spec->getSpecializedTemplate(), part)) return false;
  if (const auto *fn = dyn_cast<FunctionDecl>(d))
    if (const FunctionTemplateDecl *primary = fn->getPrimaryTemplate(); primary && !lexicallyIn(primary, part))
      return false;
  if (!previousOutside(d, part)) return true;
  // A member of a template defined out of line: its instantiations would
  // keep the part's body.
  if (d->getDeclContext()->isDependentContext()) return false;
  if (isa<NamespaceDecl, TypedefNameDecl>(d)) return true;
  if (const auto *fn = dyn_cast<FunctionDecl>(d)) return fn->getTemplatedKind() == FunctionDecl::TK_NonTemplate;
  if (const auto *var = dyn_cast<VarDecl>(d))
    return !var->getDescribedVarTemplate() && !var->getInstantiatedFromStaticDataMember();
  // A class's definition is shared by all its declarations.
  if (const auto *tag = dyn_cast<TagDecl>(d)) return !tag->isThisDeclarationADefinition();
  return false;
}

// Redeclarable keeps the link from an entity's first declaration to its
// latest protected; a derived class may name it as a pointer to member.
template <typename T>
struct LatestLink : Redeclarable<T> {
  static auto member() { return &LatestLink::RedeclLink; }
};

template <typename T>
void endChainOutside(T *d, const TranslationUnitDecl *part) {
  T *latest = d->getMostRecentDecl();
  while (latest && lexicallyIn(latest, part)) latest = latest->getPreviousDecl();
  if (!latest) return;  // the whole chain is the part's
  Redeclarable<T> &first = *d->getFirstDecl();
  (first.*LatestLink<T>::member()).setLatest(latest);
}

void endChainOutside(Decl *d, const TranslationUnitDecl *part) {
  if (auto *ns = dyn_cast<NamespaceDecl>(d)) endChainOutside<NamespaceDecl>(ns, part);
  else if (auto *fn = dyn_cast<FunctionDecl>(d)) endChainOutside<FunctionDecl>(fn, part);
  else if (auto *var = dyn_cast<VarDecl>(d)) endChainOutside<VarDecl>(var, part);
  else if (auto *tag = dyn_cast<TagDecl>(d)) endChainOutside<TagDecl>(tag, part);
  else if (auto *alias = dyn_cast<TypedefNameDecl>(d)) endChainOutside<TypedefNameDecl>(alias, part);
}

// Takes d out of the lookup tables of the outside contexts it was made
// visible in (its semantic context, and the enclosing ones through
// transparent contexts and inline namespaces), and puts back the
// declaration it replaced there.
void forgetName(NamedDecl *d, NamedDecl *replaced, const TranslationUnitDecl *part) {
  if (!d->getDeclName()) return;
  for (DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->isTransparentContext() || dc->isInlineNamespace() ? dc->getParent() : nullptr) {
    DeclContext *primary = dc->getPrimaryContext();
    if (lexicallyIn(cast<Decl>(primary), part)) continue;  // goes with the part
    StoredDeclsMap *map = primary->getLookupPtr();
    if (!map) continue;
    auto entry = map->find(d->getDeclName());
    if (entry == map->end()) continue;
    StoredDeclsList &list = entry->second;
    if (!list.isNull()) list.remove(d);
    if (replaced && replaced->getDeclName() == d->getDeclName() &&
        !llvm::is_contained(list.getLookupResult(), replaced))
      list.addOrReplaceDecl(replaced);
    if (list.isNull()) map->erase(entry);
  }
}

// An anonymous namespace is found through its parent, which points at the
// latest one.
void forgetAnonymousNamespace(NamespaceDecl *ns, const TranslationUnitDecl *part) {
  auto *kept = cast_or_null<NamespaceDecl>(const_cast<Decl *>(previousOutside(ns, part)));
  DeclContext *parent = ns->getParent()->getRedeclContext();
  if (auto *outer = dyn_cast<NamespaceDecl>(parent)) {
    if (outer->getAnonymousNamespace() && lexicallyIn(outer->getAnonymousNamespace(), part))
      outer->setAnonymousNamespace(kept);
    return;
  }
  if (auto *tu = dyn_cast<TranslationUnitDecl>(parent))
    for (TranslationUnitDecl *each = tu->getMostRecentDecl(); each; each = each->getPreviousDecl())
      if (each->getAnonymousNamespace() && lexicallyIn(each->getAnonymousNamespace(), part))
        each->setAnonymousNamespace(kept);
}

}  // namespace

bool canDetach(const TranslationUnitDecl *part) {
  std::vector<Decl *> decls;
  collect(const_cast<TranslationUnitDecl *>(part), part, decls);
  return llvm::all_of(decls, [&](const Decl *d) { return detachable(d, part); });
}

void detachPart(TranslationUnitDecl *part) {
  std::vector<Decl *> decls;
  collect(part, part, decls);
  for (Decl *d : llvm::reverse(decls)) {
    const Decl *previous = previousOutside(d, part);
    if (auto *named = dyn_cast<NamedDecl>(d))
      forgetName(named, const_cast<NamedDecl *>(cast_or_null<NamedDecl>(previous)), part);
    if (previous) endChainOutside(d, part);
    if (auto *ns = dyn_cast<NamespaceDecl>(d); ns && ns->isAnonymousNamespace()) forgetAnonymousNamespace(ns, part);
  }
}

}  // namespace nnlint
