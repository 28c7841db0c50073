// Bool members that a constructor takes from its parameters: whether such a
// flag is on is decided where the module is constructed (ConstructionFacts).
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

#include <vector>

namespace nnlint {

std::vector<FlagParamFact> findFlagParams(const clang::CXXConstructorDecl *ctor, const clang::ASTContext &ctx);

}  // namespace nnlint
