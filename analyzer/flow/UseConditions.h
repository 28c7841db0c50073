// Which members and own methods a function uses only under a condition,
// from Clang's CFG and its post-dominator tree (control dependence). Loops
// do not count as conditions: `for (auto &l : layers_)` runs its body for
// every element of a fixed container, but an `if`, `switch`, `?:`, `&&`,
// `||` or an early `return` does.
#pragma once

#include "ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <string>

namespace nnlint {

struct UseConditions {
  std::map<std::string, Guard> members;  // every use of the member is guarded
  std::map<std::string, Guard> callees;  // every call of the own method is guarded
};

UseConditions findUseConditions(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

}  // namespace nnlint
