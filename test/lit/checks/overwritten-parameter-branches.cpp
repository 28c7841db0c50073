// nn-unused-parameter: in the constructor or reset(), an assignment replaces a
// registered parameter only where the registration may run before it (on
// Clang's CFG), not on the other branch of the `if` that registers.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

namespace nn = torch::nn;

// The bias is a parameter or a constant zero: the branches exclude each other.
struct OptionalBiasImpl : nn::Module {
  explicit OptionalBiasImpl(bool with_bias) {
    weight = register_parameter("weight", torch::randn({4, 4}));
    if (with_bias) {
      bias = register_parameter("bias", torch::zeros({4}));
    } else {
      bias = torch::zeros({4});
    }
  }
  torch::Tensor forward(torch::Tensor x) { return x.matmul(weight) + bias; }
  torch::Tensor weight, bias;
};

// The same with a conditional expression's branches as statements of a switch.
struct ScaleImpl : nn::Module {
  explicit ScaleImpl(int mode) {
    switch (mode) {
      case 0:
        scale = register_parameter("scale", torch::ones({1}));
        break;
      default:
        scale = torch::ones({1});
        break;
    }
  }
  torch::Tensor forward(torch::Tensor x) { return x * scale; }
  torch::Tensor scale;
};

// A write that may follow the registration replaces it: the registered
// tensor stays in parameters() and gets no gradient.
struct RescaledImpl : nn::Module {
  explicit RescaledImpl(bool halve) {
    weight = register_parameter("weight", torch::randn({4, 4}));
    if (halve) weight = weight / 2;
    // CHECK: overwritten-parameter-branches.cpp:[[@LINE-1]]:16: warning: parameter 'weight' is replaced by assignment in the constructor{{.*}} [nn-unused-parameter]
    // CHECK: [[@LINE-3]]:14: note: 'weight' is registered here
  }
  torch::Tensor forward(torch::Tensor x) { return x.matmul(weight); }
  torch::Tensor weight;
};

// In a loop, a later iteration's write follows an earlier one's registration.
struct LoopImpl : nn::Module {
  LoopImpl() {
    for (int i = 0; i < 2; ++i) {
      if (i == 0) {
        gain = register_parameter("gain", torch::ones({1}));
      } else {
        gain = torch::ones({1}) * i;
        // CHECK: overwritten-parameter-branches.cpp:[[@LINE-1]]:9: warning: parameter 'gain' is replaced by assignment in the constructor{{.*}} [nn-unused-parameter]
        // CHECK: [[@LINE-4]]:16: note: 'gain' is registered here
      }
    }
  }
  torch::Tensor forward(torch::Tensor x) { return x * gain; }
  torch::Tensor gain;
};
