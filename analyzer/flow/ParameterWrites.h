// Assignments that replace a registered parameter of a submodule:
// `lin->weight = g * v / v.norm();` (weight norm by hand) or
// `lm_head->weight = tok_emb->weight;` (weight tying done wrong). The
// registered tensor stays in parameters() and state_dict(), but the module's
// forward() reads the field, which now holds another tensor.
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

#include <vector>

namespace nnlint {

std::vector<ParameterWriteFact> findParameterWrites(const clang::CXXMethodDecl *method, clang::ASTContext &ctx);

}  // namespace nnlint
