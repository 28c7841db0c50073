// What modules a class holds carry parameters, from the declarations
// themselves rather than from lists of names:
// - a library module class (torch::nn::MaxPool2dImpl, ...) has no parameter
//   when it declares no tensor and no submodule: only options, numbers and
//   functions (ReLU, MaxPool2d, Dropout, Identity, Flatten, Functional, ...);
// - a Sequential or ModuleList member holds what it was built from or had
//   appended: `Sequential(MaxPool2d(2), ReLU())`, `seq->push_back(Identity())`.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

namespace nnlint {

// Library modules among the members' types, and containers built in the
// members' initialisers.
void recordMemberContents(const clang::CXXRecordDecl *rd, ClassFact &c);

// Containers built or appended to in one method body.
void recordBodyContents(const clang::FunctionDecl *fd, ClassFact &c);

}  // namespace nnlint
