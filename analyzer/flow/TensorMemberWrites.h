// Writes that change a tensor member's value in one of a module's methods
// (ClassFact::tensorWrites): in place through an in-place tensor method or
// operator (`steps_ += 1`, `mean_.mul_(m).add_(x)`, `torch::nn::init::zeros_(buf_)`),
// through a view of it (`buf_.data().fill_(0)`, `buf_[0] = v`,
// `buf_.narrow(0, 0, 1).copy_(x)`), or by assignment (`buf_ = buf_ + 1`).
// Each write says whether it runs only in training mode, from the method's
// path conditions (`if (is_training())`, an early `if (!is_training()) return`).
#pragma once

#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

#include <vector>

namespace nnlint {

std::vector<TensorWriteFact> findTensorMemberWrites(const clang::CXXMethodDecl *method, clang::ASTContext &ctx);

}  // namespace nnlint
