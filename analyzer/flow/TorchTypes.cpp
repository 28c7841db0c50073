#include "flow/TorchTypes.h"

#include "base/SourceFilter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <set>
#include <utility>

using namespace clang;

namespace nnlint {

struct KeepTypeAnswers::Answers {
  llvm::DenseMap<const CXXRecordDecl *, bool> module, cloneable;
  llvm::DenseMap<const CXXRecordDecl *, const CXXRecordDecl *> held;
  std::map<std::pair<const void *, int>, std::optional<HeldModule>> classified;  // by canonical type and depth
};

namespace {

thread_local KeepTypeAnswers::Answers *kept = nullptr;

// `compute()`, or its answer kept in `answers` under `key`.
template <class Map, class Key, class Compute>
typename Map::mapped_type keptAnswer(Map KeepTypeAnswers::Answers::*answers, const Key &key, Compute compute) {
  if (!kept) return compute();
  if (auto found = (kept->*answers).find(key); found != (kept->*answers).end()) return found->second;
  auto answer = compute();  // may keep other answers first
  (kept->*answers)[key] = answer;
  return answer;
}

const CXXRecordDecl *recordOf(QualType t) {
  t = t.getCanonicalType();
  if (const auto *rd = t->getAsCXXRecordDecl()) return rd->hasDefinition() ? rd->getDefinition() : rd;
  // A dependent base such as Cloneable<Derived> inside a class template.
  if (const auto *tst = t->getAs<TemplateSpecializationType>())
    if (const auto *td = tst->getTemplateName().getAsTemplateDecl())
      if (const auto *pattern = dyn_cast_or_null<CXXRecordDecl>(td->getTemplatedDecl()))
        return pattern->hasDefinition() ? pattern->getDefinition() : pattern;
  return nullptr;
}

template <class Pred>
bool anyBase(const CXXRecordDecl *rd, Pred pred, int depth = 0) {
  if (!rd || depth > 32) return false;
  if (pred(rd)) return true;
  if (!rd->hasDefinition()) return false;
  for (const CXXBaseSpecifier &b : rd->getDefinition()->bases()) {
    if (anyBase(recordOf(b.getType()), pred, depth + 1)) return true;
  }
  return false;
}

bool named(const CXXRecordDecl *rd, const char *qualified) {
  return rd->getQualifiedNameAsString() == qualified;
}

// The template argument types of a std:: class template specialization.
std::vector<QualType> stdTemplateArgs(const CXXRecordDecl *rd, std::string &name) {
  std::vector<QualType> out;
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
  if (!spec || !spec->isInStdNamespace()) return out;
  name = "std::" + spec->getNameAsString();
  for (const TemplateArgument &a : spec->getTemplateArgs().asArray()) {
    if (a.getKind() == TemplateArgument::Type) out.push_back(a.getAsType());
    // The alternatives of std::variant and the elements of std::tuple come as a pack.
    if (a.getKind() == TemplateArgument::Pack)
      for (const TemplateArgument &e : a.pack_elements())
        if (e.getKind() == TemplateArgument::Type) out.push_back(e.getAsType());
  }
  return out;
}

// ModuleHolder<T> base of a holder such as torch::nn::Linear: returns T.
const CXXRecordDecl *heldByHolder(const CXXRecordDecl *rd) {
  return keptAnswer(&KeepTypeAnswers::Answers::held, rd, [&] {
    const CXXRecordDecl *found = nullptr;
    anyBase(rd, [&](const CXXRecordDecl *r) {
      const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(r);
      if (!spec || spec->getQualifiedNameAsString() != "torch::nn::ModuleHolder") return false;
      found = recordOf(spec->getTemplateArgs()[0].getAsType());
      return true;
    });
    return found;
  });
}

std::optional<HeldModule> classify(QualType t, int depth);

// A container of modules; a std container or C array of tensors stays a
// Tensor that names its (innermost) container kind.
std::optional<HeldModule> asContainer(std::optional<HeldModule> inner, std::string kind) {
  if (!inner) return std::nullopt;
  if (inner->kind == HoldKind::Tensor) {
    if (inner->containerKind.empty()) inner->containerKind = kind;
    return inner;
  }
  if (inner->kind != HoldKind::Container) inner->containerKind = kind;
  inner->kind = HoldKind::Container;
  return inner;
}

std::optional<HeldModule> classifyCanonical(QualType t, int depth);

std::optional<HeldModule> classify(QualType t, int depth) {
  if (depth > 8 || t.isNull()) return std::nullopt;
  t = t.getNonReferenceType().getCanonicalType();
  return keptAnswer(&KeepTypeAnswers::Answers::classified, std::make_pair(t.getAsOpaquePtr(), depth),
                    [&] { return classifyCanonical(t, depth); });
}

std::optional<HeldModule> classifyCanonical(QualType t, int depth) {
  if (isTensorType(t)) return HeldModule{HoldKind::Tensor, "", ""};
  if (const auto *at = dyn_cast<ConstantArrayType>(t.getTypePtr()))
    return asContainer(classify(at->getElementType(), depth + 1), "C array");
  if (t->isPointerType()) {
    const CXXRecordDecl *pointee = recordOf(t->getPointeeType());
    if (pointee && isModuleClass(pointee) && !heldByHolder(pointee))
      return HeldModule{HoldKind::RawPtr, pointee->getQualifiedNameAsString(), ""};
    // `new Linear(...)` gives a pointer to a holder: `*p` is the module.
    if (const CXXRecordDecl *impl = pointee ? heldByHolder(pointee) : nullptr)
      return HeldModule{HoldKind::RawPtr, impl->getQualifiedNameAsString(), ""};
    return std::nullopt;
  }
  // A std container whose arguments depend on a template parameter: std::array<Linear, N>.
  if (const auto *tst = t->getAs<TemplateSpecializationType>(); tst && t->isDependentType())
    if (const TemplateDecl *td = tst->getTemplateName().getAsTemplateDecl(); td && td->isInStdNamespace()) {
      std::string stdName = "std::" + td->getNameAsString();
      if (stdName == "std::shared_ptr" || stdName == "std::unique_ptr") return std::nullopt;
      for (const TemplateArgument &a : tst->template_arguments())
        if (a.getKind() == TemplateArgument::Type)
          if (auto inner = asContainer(classify(a.getAsType(), depth + 1), stdName)) return inner;
      return std::nullopt;
    }
  const CXXRecordDecl *rd = recordOf(t);
  if (!rd) return std::nullopt;
  // AnyModule type-erases a module and is not one: it must be registered through ptr().
  if (named(rd, "torch::nn::AnyModule")) return HeldModule{HoldKind::Holder, "torch::nn::AnyModule", ""};
  if (const CXXRecordDecl *impl = heldByHolder(rd))
    return HeldModule{HoldKind::Holder, impl->getQualifiedNameAsString(), ""};
  if (isModuleClass(rd)) return HeldModule{HoldKind::ByValue, rd->getQualifiedNameAsString(), ""};

  std::string stdName;
  std::vector<QualType> args = stdTemplateArgs(rd, stdName);
  if (stdName == "std::shared_ptr" || stdName == "std::unique_ptr") {
    if (args.empty()) return std::nullopt;
    const CXXRecordDecl *pointee = recordOf(args[0]);
    if (pointee && isModuleClass(pointee))
      return HeldModule{HoldKind::SharedPtr, pointee->getQualifiedNameAsString(), ""};
    return std::nullopt;
  }
  if (!stdName.empty()) {
    for (QualType a : args)
      if (auto inner = asContainer(classify(a, depth + 1), stdName)) return inner;
    return std::nullopt;
  }
  // A user type that wraps std containers of modules (struct Bank { std::vector<Linear> v; }).
  if (rd->hasDefinition() && !rd->isInStdNamespace())
    for (const FieldDecl *f : rd->getDefinition()->fields())
      if (auto inner = asContainer(classify(f->getType(), depth + 1), rd->getNameAsString());
          inner && inner->kind != HoldKind::Tensor)
        return inner;
  return std::nullopt;
}

}  // namespace

KeepTypeAnswers::KeepTypeAnswers() : answers_(std::make_unique<Answers>()), outer_(kept) { kept = answers_.get(); }
KeepTypeAnswers::~KeepTypeAnswers() { kept = outer_; }

bool isModuleClass(const CXXRecordDecl *rd) {
  return keptAnswer(&KeepTypeAnswers::Answers::module, rd, [&] {
    return anyBase(rd, [](const CXXRecordDecl *r) { return named(r, "torch::nn::Module"); });
  });
}

bool isCloneableClass(const CXXRecordDecl *rd) {
  return keptAnswer(&KeepTypeAnswers::Answers::cloneable, rd, [&] {
    return anyBase(rd, [](const CXXRecordDecl *r) { return named(r, "torch::nn::Cloneable"); });
  });
}

std::string classKey(const CXXRecordDecl *rd) {
  const CXXRecordDecl *def = rd->getDefinition() ? rd->getDefinition() : rd;
  SourcePoint p = toPoint(def->getASTContext().getSourceManager(), def->getLocation());
  return def->getQualifiedNameAsString() + "@" + p.file + ":" + std::to_string(p.line);
}

bool isTensorType(QualType t) {
  const CXXRecordDecl *rd = recordOf(t.getNonReferenceType());
  return rd && named(rd, "at::Tensor");
}

std::optional<HeldModule> classifyMemberType(QualType t) { return classify(t, 0); }

const CXXRecordDecl *moduleImplOf(QualType t) {
  if (t.isNull()) return nullptr;
  t = t.getNonReferenceType().getCanonicalType();
  if (t->isPointerType()) t = t->getPointeeType();
  const CXXRecordDecl *rd = recordOf(t);
  if (!rd) return nullptr;
  if (const CXXRecordDecl *impl = heldByHolder(rd)) return impl;
  if (isModuleClass(rd)) return rd;
  std::string stdName;
  std::vector<QualType> args = stdTemplateArgs(rd, stdName);
  if ((stdName == "std::shared_ptr" || stdName == "std::unique_ptr") && !args.empty()) {
    const CXXRecordDecl *pointee = recordOf(args[0]);
    if (pointee && isModuleClass(pointee)) return pointee;
  }
  return nullptr;
}

std::optional<HeldModule> classifyField(const FieldDecl *f) {
  if (auto held = classify(f->getType(), 0)) return held;
  if (!f->getType()->isDependentType()) return std::nullopt;
  const auto *rd = dyn_cast<CXXRecordDecl>(f->getParent());
  const ClassTemplateDecl *pattern = rd ? rd->getDescribedClassTemplate() : nullptr;
  if (!pattern) return std::nullopt;
  for (const ClassTemplateSpecializationDecl *spec : pattern->specializations()) {
    if (!spec->hasDefinition()) continue;
    for (const FieldDecl *field : spec->getDefinition()->fields())
      if (field->getName() == f->getName())
        if (auto held = classify(field->getType(), 0)) return held;
  }
  return std::nullopt;
}

bool emptyModuleContainer(const Expr *e) {
  const auto *construct = dyn_cast<CXXConstructExpr>(e->IgnoreImplicit()->IgnoreParens());
  if (!construct || construct->getNumArgs() != 0) return false;
  std::optional<HeldModule> held = classifyMemberType(construct->getType());
  return held && isModuleContainerClass(held->moduleClass);
}

}  // namespace nnlint
