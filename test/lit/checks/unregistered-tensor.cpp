// nn-unregistered-tensor: tensor members made to require grad but never
// registered (every way of asking for grad), and tensors that are not
// learnable state: registered, requires_grad(false), caches recomputed in forward.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-tensor %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-tensor %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

using namespace torch::nn;

// ---- Positives ------------------------------------------------------------

struct GradImpl : Module {
  GradImpl() : a(torch::randn({4}, torch::requires_grad())) {
    b = torch::zeros({4}).requires_grad_();
    c = torch::ones({4});
    c.requires_grad_();
    d = torch::randn({4}).set_requires_grad(true);
  }
  torch::Tensor forward(torch::Tensor x) { return x * a + b + c + d + e; }
  torch::Tensor a, b, c, d;
  // CHECK: unregistered-tensor.cpp:[[@LINE-1]]:17: warning: tensor 'a' requires grad but is never registered with register_parameter(); parameters() misses it, so the optimizer never updates it, and to(), save and clone() skip it [nn-unregistered-tensor]
  // CHECK: [[@LINE-9]]:16: note: made to require grad here, in the constructor
  // CHECK: [[@LINE-3]]:20: warning: tensor 'b' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-10]]:5: note: made to require grad here, in the constructor
  // CHECK: [[@LINE-5]]:23: warning: tensor 'c' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-10]]:7: note: made to require grad here, in the constructor
  // CHECK: [[@LINE-7]]:26: warning: tensor 'd' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-11]]:5: note: made to require grad here, in the constructor
  torch::Tensor e = torch::ones({4}, torch::TensorOptions().requires_grad(true));
  // CHECK: [[@LINE-1]]:17: warning: tensor 'e' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-2]]:17: note: made to require grad here, in a default member initializer
};

// A class template; an out-of-line constructor.
template <int N>
struct TemplateImpl : Module {
  TemplateImpl() { t = torch::randn({N}, torch::requires_grad()); }
  torch::Tensor forward(torch::Tensor x) { return x * t; }
  torch::Tensor t;
  // CHECK: [[@LINE-1]]:17: warning: tensor 't' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-4]]:20: note: made to require grad here, in the constructor
};
struct OutOfLineImpl : Module {
  OutOfLineImpl();
  torch::Tensor scale;
  // CHECK: [[@LINE-1]]:17: warning: tensor 'scale' requires grad but is never registered{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE+3]]:3: note: made to require grad here, in the constructor
};
OutOfLineImpl::OutOfLineImpl() {
  scale = torch::ones({1}).requires_grad_(true);
}

// ---- Negatives ------------------------------------------------------------

struct NotStateImpl : Module {
  NotStateImpl() {
    w = register_parameter("w", torch::randn({4}));
    v = torch::randn({4}, torch::requires_grad());
    register_parameter("v", v);
    constant = torch::ones({4}, torch::requires_grad(false));
    mean = register_buffer("mean", torch::zeros({4}));
    frozen = register_parameter("frozen", torch::ones({4}), /*requires_grad=*/false);
    plain = torch::arange(4);
  }
  torch::Tensor forward(torch::Tensor x) {
    input_grad_ = x.detach().clone().requires_grad_();
    last_ = x * w;
    if (x.requires_grad()) seen_ = x;
    return input_grad_ + v + constant + mean + frozen + plain + last_;
  }
  torch::Tensor w, v, constant, mean, frozen, plain, input_grad_, last_, seen_;
};

// Registered by a helper.
void add_weight(Module &owner, torch::Tensor &weight) { weight = owner.register_parameter("weight", weight); }
struct HelperImpl : Module {
  HelperImpl() {
    weight = torch::randn({4}, torch::requires_grad());
    add_weight(*this, weight);
  }
  torch::Tensor forward(torch::Tensor x) { return x * weight; }
  torch::Tensor weight;
};

// Passed to a function whose body was not seen, or a method not seen: silent.
void keep(torch::Tensor &t);
struct OpaqueImpl : Module {
  OpaqueImpl() {
    t = torch::randn({4}, torch::requires_grad());
    keep(t);
  }
  torch::Tensor forward(torch::Tensor x) { return x * t; }
  torch::Tensor t;
};
struct PartlySeenImpl : Module {
  PartlySeenImpl() { t = torch::randn({4}, torch::requires_grad()); }
  torch::Tensor forward(torch::Tensor x);
  torch::Tensor t;
};
