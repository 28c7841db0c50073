// nn-unregistered-tensor follows the value: options and tensors kept in locals
// first, options a function of the user's returns, torch::autograd::make_variable(t, true),
// and a detached copy of a tensor that requires grad (which does not).
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-tensor %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-tensor %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

struct ScaleImpl : torch::nn::Module {
  explicit ScaleImpl(int64_t n) {
    auto options = torch::TensorOptions().dtype(torch::kFloat32).requires_grad(true);
    scale = torch::ones({n}, options);
    auto data = torch::zeros({n});
    shift = torch::autograd::make_variable(data, /*requires_grad=*/true);
    auto start = torch::randn({n}, torch::requires_grad());
    auto grad_options = options;
    bias = torch::zeros({n}, grad_options);
  }
  torch::Tensor forward(torch::Tensor x) { return x * scale + shift + bias; }
  torch::Tensor scale, shift, bias;
  // CHECK: unregistered-tensor-values.cpp:[[@LINE-1]]:17: warning: tensor 'scale' requires grad but is never registered with register_parameter(){{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-10]]:5: note: made to require grad here, in the constructor
  // CHECK: [[@LINE-3]]:24: warning: tensor 'shift' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-10]]:5: note: made to require grad here, in the constructor
  // CHECK: [[@LINE-5]]:31: warning: tensor 'bias' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-9]]:5: note: made to require grad here, in the constructor
};

// Options that come out of the user's own functions, free or a member.
torch::TensorOptions trainable() {
  auto options = torch::TensorOptions().dtype(torch::kFloat32);
  return options.requires_grad(true);
}
torch::TensorOptions fixed() { return torch::TensorOptions().requires_grad(false); }

struct GainImpl : torch::nn::Module {
  explicit GainImpl(int64_t n) {
    gain = torch::ones({n}, trainable());
    offset = torch::zeros({n}, learnable());
    floor = torch::zeros({n}, fixed());
  }
  torch::TensorOptions learnable() const { return trainable().dtype(torch::kFloat32); }
  torch::Tensor forward(torch::Tensor x) { return x * gain + offset + floor; }
  torch::Tensor gain, offset, floor;
  // CHECK: unregistered-tensor-values.cpp:[[@LINE-1]]:17: warning: tensor 'gain' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-8]]:5: note: made to require grad here, in the constructor
  // CHECK: [[@LINE-3]]:23: warning: tensor 'offset' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-9]]:5: note: made to require grad here, in the constructor
};

// ---- Negatives ------------------------------------------------------------

struct StatsImpl : torch::nn::Module {
  explicit StatsImpl(int64_t n) {
    auto options = torch::TensorOptions().requires_grad(false);
    mean = torch::zeros({n}, options);
    auto learned = torch::randn({n}, torch::requires_grad());
    snapshot = learned.detach();
    copy = torch::autograd::make_variable(torch::zeros({n}));
    frozen = torch::autograd::make_variable(torch::zeros({n}), false);
    weight = register_parameter("weight", learned);
  }
  torch::Tensor forward(torch::Tensor x) { return (x - mean) * weight + snapshot + copy + frozen; }
  torch::Tensor mean, snapshot, copy, frozen, weight;
};
