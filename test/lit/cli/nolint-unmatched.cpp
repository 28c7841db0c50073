// An unmatched begin or end suppression comment is reported and suppresses nothing.
// (The CHECK lines spell the directive names with {{...}} so that they are not directives themselves.)
// RUN: %expect_exit 1 %nnlint %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|error}}:"
#include <torch/torch.h>

// NOLINTEND(nn-container-alias)
// CHECK: nolint-unmatched.cpp:[[@LINE-1]]:4: error: unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment [nnlint-nolint]

// NOLINTBEGIN(nn-unregistered-submodule)
// CHECK: nolint-unmatched.cpp:[[@LINE-1]]:4: error: unmatched 'NOLINT{{BEGIN}}' comment without a subsequent 'NOLINT{{END}}' comment [nnlint-nolint]
struct NetImpl : torch::nn::Module {
  NetImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
  // CHECK: nolint-unmatched.cpp:[[@LINE-1]]:21: warning: submodule 'fc' {{.*}} [nn-unregistered-submodule]
};
// An end comment must name the same checks as its begin comment.
// NOLINTEND(nn-container-alias)
// CHECK: nolint-unmatched.cpp:[[@LINE-1]]:4: error: unmatched 'NOLINT{{END}}' comment without a previous 'NOLINT{{BEGIN}}' comment [nnlint-nolint]
