// A NOLINT naming an nn- check that does not exist: a note (exit code
// unchanged), and the finding it meant to suppress is still reported. Known
// names, globs that match, and other tools' names stay silent.
// RUN: %expect_exit 1 %nnlint %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note|error}}:"
// RUN: %expect_exit 1 %nnlint %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note|error}}:"
#include <torch/torch.h>

struct TypoImpl : torch::nn::Module {
  TypoImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};  // NOLINT(nn-unregistered-submodul)
  // CHECK: nolint-unknown.cpp:[[@LINE-1]]:21: warning: submodule 'fc' {{.*}}[nn-unregistered-submodule]
  // CHECK: nolint-unknown.cpp:[[@LINE-4]]:16: note: assigned here, in the constructor
  // CHECK: nolint-unknown.cpp:[[@LINE-3]]:38: note: 'nn-unregistered-submodul' in this NOLINT comment matches no nnlint check, so it suppresses nothing [nn-unknown-nolint]
};

struct FineImpl : torch::nn::Module {
  FineImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};  // NOLINT(bugprone-use-after-move, nn-unregistered-*)
};

struct ExactImpl : torch::nn::Module {
  ExactImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  // NOLINTNEXTLINE(nn-unregistered-submodule, readability-identifier-naming)
  torch::nn::Linear fc{nullptr};
};

// NOLINTBEGIN(nn-no-such-check)
// CHECK: nolint-unknown.cpp:[[@LINE-1]]:4: note: 'nn-no-such-check' in this NOLINT comment matches no nnlint check
// NOLINTEND(nn-no-such-check)
