// Dead computation in a method of a module class: members whose every use
// gives their parameters no gradient, because the value computed from them
// is discarded, overwritten before it is read, computed under NoGradGuard,
// or detached before it reaches anything the method returns or stores.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

namespace nnlint {

struct DeadUses {
  std::map<std::string, DeadUse> members;
  std::map<std::string, DeadUse> callees;  // own methods called only under NoGradGuard
};

DeadUses findDeadUses(const clang::CXXMethodDecl *method, clang::ASTContext &ctx);

// Records the dead uses of one method body into its fact. `otherOverload`:
// the fact already holds another overload's body, and a member counts as
// dead only when it is dead in both.
void recordDeadUses(MethodFact &m, const clang::CXXMethodDecl *method, clang::ASTContext &ctx, bool otherOverload);

}  // namespace nnlint
