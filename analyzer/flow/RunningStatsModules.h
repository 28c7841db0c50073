// Library modules with running statistics that a module class holds: every
// torch::nn::NormImplBase (BatchNorm1d/2d/3d, InstanceNorm1d/2d/3d) it creates
// in a method or an in-class initialiser, with whether its options turn
// track_running_stats on, and its members declared with such a type
// (ClassFact::runningStats). Decided by the Impl's base class and the default
// that its options struct declares, not by a list of names.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"

namespace nnlint {

// Members declared with such a type, and creations in in-class initialisers.
void recordRunningStatsMembers(const clang::CXXRecordDecl *rd, ClassFact &c, clang::ASTContext &ctx);

// Creations in one method body (and its constructor initialisers).
void recordRunningStatsCreations(const clang::FunctionDecl *fd, ClassFact &c, clang::ASTContext &ctx);

}  // namespace nnlint
