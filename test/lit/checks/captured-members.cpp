// A use inside a lambda given to torch::nn::Functional or stored in a
// std::function member counts as a use of the members it captures, wherever
// that member is called (nn-unused-parameter reads these uses).
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <functional>

namespace nn = torch::nn;

// The gate runs inside a Functional of the registered Sequential.
struct GatedImpl : nn::Module {
  GatedImpl() {
    gate = register_module("gate", nn::Linear(8, 8));
    body = register_module("body", nn::Sequential(nn::Linear(8, 8), nn::Functional([this](torch::Tensor x) {
                                                    return torch::sigmoid(gate(x)) * x;
                                                  })));
  }
  torch::Tensor forward(torch::Tensor x) { return body->forward(x); }
  nn::Linear gate{nullptr};
  nn::Sequential body{nullptr};
};

// A std::function member set in the constructor and called by forward().
struct HookedImpl : nn::Module {
  HookedImpl() : proj(register_module("proj", nn::Linear(8, 8))) {
    post_ = [this](const torch::Tensor &x) { return torch::relu(proj(x)); };
  }
  torch::Tensor forward(torch::Tensor x) { return post_(x); }
  nn::Linear proj;
  std::function<torch::Tensor(const torch::Tensor &)> post_;
};

// Initialised in the constructor's initialiser list; the member is called through a local reference.
struct ScoredImpl : nn::Module {
  ScoredImpl() : score_([this](torch::Tensor x) { return head(x); }) {
    head = register_module("head", nn::Linear(8, 1));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto &score = score_;
    return score(x);
  }
  nn::Linear head{nullptr};
  std::function<torch::Tensor(torch::Tensor)> score_;
};

// The lambda is stored, but forward() never calls it: its member gets no gradient.
struct UncalledImpl : nn::Module {
  UncalledImpl() {
    aux = register_module("aux", nn::Linear(8, 8));
    // CHECK: captured-members.cpp:[[@LINE-1]]:11: warning: submodule 'aux' is registered but never reached from forward(){{.*}} [nn-unused-parameter]
    main = register_module("main", nn::Linear(8, 8));
    aux_fn_ = [this](torch::Tensor x) { return aux(x); };
  }
  torch::Tensor forward(torch::Tensor x) { return main(x); }
  nn::Linear aux{nullptr}, main{nullptr};
  std::function<torch::Tensor(torch::Tensor)> aux_fn_;
};

// The Functional that uses the member is built but never registered or called.
struct DroppedImpl : nn::Module {
  DroppedImpl() {
    extra = register_module("extra", nn::Linear(8, 8));
    // CHECK: [[@LINE-1]]:13: warning: submodule 'extra' is registered but never reached from forward(){{.*}} [nn-unused-parameter]
    base = register_module("base", nn::Linear(8, 8));
    nn::Functional unused([this](torch::Tensor x) { return extra(x); });
  }
  torch::Tensor forward(torch::Tensor x) { return base(x); }
  nn::Linear extra{nullptr}, base{nullptr};
};
