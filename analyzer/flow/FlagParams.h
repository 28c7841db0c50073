// Members that a constructor takes from its parameters. A bool one is a flag
// whose value is decided where the module is constructed (ConstructionFacts).
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

#include <vector>

namespace nnlint {

// A member a constructor sets from one of its own parameters: in a written
// initialiser (`flag_(train)`) or in a statement of the body itself
// (`flag_ = train;`, not under a branch or a loop). Initialisers come first.
struct StoredParameter {
  const clang::FieldDecl *member;
  const clang::ParmVarDecl *param;
  bool inInitialiser;
};
std::vector<StoredParameter> storedParameters(const clang::CXXConstructorDecl *ctor);

std::vector<FlagParamFact> findFlagParams(const clang::CXXConstructorDecl *ctor, const clang::ASTContext &ctx);

}  // namespace nnlint
