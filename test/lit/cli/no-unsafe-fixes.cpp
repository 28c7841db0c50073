// No fix-it where the mechanical edit would be wrong.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/input.cpp
// RUN: %expect_exit 1 %nnlint --fix %t/input.cpp -- %stub_flags 2>&1 | FileCheck %s
// CHECK: nnlint: applied fixes for 0 finding(s) in 0 file(s)
// RUN: diff %s %t/input.cpp
#include <torch/torch.h>

// Assigned twice: registering "fc" twice would throw.
struct TwiceImpl : torch::nn::Module {
  TwiceImpl() { fc = torch::nn::Linear(4, 4); }
  void rebuild() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};

// Filled by index: clear() first would make it index an empty vector.
struct IndexedImpl : torch::nn::Cloneable<IndexedImpl> {
  IndexedImpl() { reset(); }
  void reset() override {
    layers_.push_back(register_module("l0", torch::nn::Linear(4, 4)));
    layers_[0] = register_module("l1", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return layers_[0](x); }
  std::vector<torch::nn::Linear> layers_;
};
