// The seed bug: registered submodules also kept in a std::vector filled in the
// constructor after reset(); clone() shares them with every replica.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-container-alias %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-container-alias %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

struct AliasedImpl : torch::nn::Cloneable<AliasedImpl> {
  AliasedImpl() { reset(); cells_ = {fc1, fc2}; }
  void reset() override {
    fc1 = register_module("fc1", torch::nn::Linear(8, 8));
    fc2 = register_module("fc2", torch::nn::Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &c : cells_) x = c(x);
    return x;
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  std::vector<torch::nn::Linear> cells_;
  // CHECK: container-alias-seed.cpp:[[@LINE-1]]:34: warning: 'cells_' keeps registered submodules in a plain std::vector that reset() does not rebuild; clone(), replicate() and data_parallel() will share them with the original module [nn-container-alias]
  // CHECK: container-alias-seed.cpp:8:28: note: filled here, in the constructor, outside reset()
  // CHECK: container-alias-seed.cpp:10:11: note: 'fc1' is registered here
};
TORCH_MODULE(Aliased);

// Rebuilt in reset(): clone() gets its own modules.
struct RebuiltImpl : torch::nn::Cloneable<RebuiltImpl> {
  RebuiltImpl() { reset(); }
  void reset() override {
    fc1 = register_module("fc1", torch::nn::Linear(8, 8));
    fc2 = register_module("fc2", torch::nn::Linear(8, 8));
    cells_ = {fc1, fc2};
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &c : cells_) x = c(x);
    return x;
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  std::vector<torch::nn::Linear> cells_;
};
