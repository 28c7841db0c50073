// Recognising LibTorch's module, holder and tensor types in Clang's AST.
#pragma once

#include "index/LibraryModules.h"
#include "index/ModelIndex.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"

#include <memory>
#include <optional>
#include <string>

namespace nnlint {

// True when `rd` derives from torch::nn::Module (directly, through
// Cloneable<T>, through user classes, through dependent template bases).
bool isModuleClass(const clang::CXXRecordDecl *rd);
bool isCloneableClass(const clang::CXXRecordDecl *rd);
bool isTensorType(clang::QualType t);

// The module a type holds, and how it holds it; nullopt if none.
struct HeldModule {
  HoldKind kind;
  std::string moduleClass;
  std::string containerKind;
};
std::optional<HeldModule> classifyMemberType(clang::QualType t);
// A member's type; for a type that depends on a class template's parameter
// (`std::vector<Block>`), the first instantiation of the class seen that holds a module.
std::optional<HeldModule> classifyField(const clang::FieldDecl *f);

// The module class (the Impl) that a value of type `t` is or points to: a
// holder (`Net`), a std::shared_ptr or raw pointer to the Impl, or the Impl
// itself; null for anything else, containers included.
const clang::CXXRecordDecl *moduleImplOf(clang::QualType t);

// `ModuleList()`, `Sequential()`, `ModuleDict()`: a container module made with
// nothing in it.
bool emptyModuleContainer(const clang::Expr *e);

// While one lives on this thread, what isModuleClass, isCloneableClass and
// the classification of member types (classifyMemberType, classifyField)
// find is kept per class and type: building an index asks about the same
// ones again and again (every library call's result type), and each answer
// walks bases and fields. For one walk of an AST that does not change under
// it (buildIndex).
class KeepTypeAnswers {
 public:
  KeepTypeAnswers();
  ~KeepTypeAnswers();
  KeepTypeAnswers(const KeepTypeAnswers &) = delete;
  KeepTypeAnswers &operator=(const KeepTypeAnswers &) = delete;
  struct Answers;

 private:
  std::unique_ptr<Answers> answers_;
  Answers *outer_;
};

// The index key of a class: its qualified name and where it is defined, so
// that a class seen from several files is one entry, while two unrelated
// classes that share a name in different programs stay apart.
std::string classKey(const clang::CXXRecordDecl *rd);

}  // namespace nnlint
