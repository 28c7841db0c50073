// Pointers to member functions held by a module class: the own methods each
// pointer member is given, and the calls a method makes through one
// (`(this->*mix_)(h)`), so that the call reaches every method it may run.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/DeclCXX.h"

namespace nnlint {

// In the body of `fd` (any user function): the methods given to a pointer
// member of a class in `index` (ClassFact::methodPointerTargets; a value or a
// use it does not follow adds kUnknownElement), and, when `method` is the fact
// of `fd` as a method of a module class, the pointer members it calls through
// on itself. A call through a pointer that is not a member reaches an unknown
// method: `method->usesAllParameters`.
void recordMethodPointers(const clang::FunctionDecl *fd, ModelIndex &index, MethodFact *method);

// The in-class initialisers of the class's pointer members.
void recordMethodPointerInits(const clang::CXXRecordDecl *rd, ClassFact &c);

}  // namespace nnlint
