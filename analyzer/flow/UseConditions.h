// Which members and own methods a function uses only under a condition, and
// when its registrations run, from Clang's CFG read as one normal iteration
// (PathConditions): the condition is a formula over the branches that decide
// (ConditionAtoms), so that the checks can tell a branch on the data from a
// flag fixed at construction or from is_training().
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <set>
#include <string>

namespace nnlint {

struct UseConditions {
  std::map<std::string, Guard> members;  // every use of the member is guarded
  std::map<std::string, Guard> callees;  // every call of the own method is guarded
  std::map<SourcePoint, Condition> registrations;  // register_*() call -> when it runs
  // Constructors and reset(): what a bool member holds when they return ("m:flag_" -> value).
  std::map<std::string, Condition> flagValues;
  std::set<std::string> membersMutated;  // other methods: members they may change
};

UseConditions findUseConditions(const clang::FunctionDecl *fd, clang::ASTContext &ctx);

}  // namespace nnlint
