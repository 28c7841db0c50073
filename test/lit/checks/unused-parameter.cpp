// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

// A head registered but only touched by init_weights().
struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl() {
    body = register_module("body", torch::nn::Linear(16, 16));
    head = register_module("head", torch::nn::Linear(16, 4));
    // CHECK: unused-parameter.cpp:[[@LINE-1]]:12: warning: submodule 'head' is registered but never reached from forward(); it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
  // CHECK: unused-parameter.cpp:{{[0-9]+}}:8: note: used in init_weights() only, which is not called from forward()
    scale = register_parameter("scale", torch::ones({16}));
    // CHECK: unused-parameter.cpp:[[@LINE-1]]:13: warning: parameter 'scale' is registered but never reached from forward(); it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: unused-parameter.cpp:{{[0-9]+}}:8: note: used in init_weights() only, which is not called from forward()
    frozen = register_parameter("frozen", torch::ones({16}), /*requires_grad=*/false);
    stats = register_buffer("stats", torch::zeros({16}));
  }
  void init_weights() {
    torch::NoGradGuard guard;
    head->weight.normal_(0, 0.01);
    scale.fill_(1.0);
  }
  torch::Tensor forward(torch::Tensor x) { return torch::relu(body(x)); }
  torch::nn::Linear body{nullptr}, head{nullptr};
  torch::Tensor scale, frozen, stats;
};

// Reached through a helper method, an out-of-line method, a Sequential and a ModuleList.
struct TowerImpl : torch::nn::Module {
  TowerImpl() {
    stem = register_module("stem", torch::nn::Sequential(torch::nn::Linear(8, 8), torch::nn::ReLU()));
    blocks = register_module("blocks", torch::nn::ModuleList());
    for (int i = 0; i < 3; ++i) blocks->push_back(torch::nn::Linear(8, 8));
    out = register_module("out", torch::nn::Linear(8, 2));
  }
  torch::Tensor trunk(torch::Tensor x) {
    for (const auto &b : *blocks) x = b->as<torch::nn::Linear>()->forward(x);
    return x;
  }
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Sequential stem{nullptr};
  torch::nn::ModuleList blocks{nullptr};
  torch::nn::Linear out{nullptr};
};
torch::Tensor TowerImpl::forward(torch::Tensor x) { return out(trunk(stem->forward(x))); }

// A second entry point: encode() is public and computes something.
struct AutoEncoderImpl : torch::nn::Module {
  AutoEncoderImpl() {
    enc = register_module("enc", torch::nn::Linear(8, 2));
    dec = register_module("dec", torch::nn::Linear(2, 8));
    probe = register_module("probe", torch::nn::Linear(2, 1));
    // CHECK: unused-parameter.cpp:[[@LINE-1]]:13: note: submodule 'probe' is not reached from forward(), only from predict_quality(); if training calls only forward(), it gets no gradient [nn-unused-parameter]
  // CHECK: unused-parameter.cpp:[[@LINE+2]]:17: note: reached from predict_quality(), a second entry point
  }
  torch::Tensor predict_quality(torch::Tensor x) { return probe(enc(x)); }
  torch::Tensor forward(torch::Tensor x) { return dec(enc(x)); }
  torch::nn::Linear enc{nullptr}, dec{nullptr}, probe{nullptr};
};

// Everything is reached when forward() walks parameters().
struct NormedImpl : torch::nn::Module {
  NormedImpl() { w = register_parameter("w", torch::randn({4})); }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor norm = torch::zeros({1});
    for (const auto &p : parameters()) norm = norm + p.pow(2).sum();
    return x * norm;
  }
  torch::Tensor w;
};

// Dropout has no parameters: an unused one is not a gradient problem.
struct DropImpl : torch::nn::Module {
  DropImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    drop = register_module("drop", torch::nn::Dropout(0.5));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
  torch::nn::Dropout drop{nullptr};
};
