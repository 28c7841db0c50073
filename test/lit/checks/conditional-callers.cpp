// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A condition in forward() does not make a member conditional when a method
// that training code runs uses it on every path, or when no code runs
// forward() at all.
#include <torch/torch.h>

// forward() adds the auxiliary head only for large batches, but the training
// step calls compute_loss(), which always uses it. 'scale' is used by
// forward() alone, under the same condition: it is reported.
struct AuxLossImpl : torch::nn::Module {
  AuxLossImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    aux = register_module("aux", torch::nn::Linear(8, 1));
    scale = register_parameter("scale", torch::ones({8}));
    // CHECK: conditional-callers.cpp:[[@LINE-1]]:13: warning: parameter 'scale' is reached from forward() only when 'x.size(0) > 1'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-callers.cpp:[[@LINE+4]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = body(x);
    if (x.size(0) > 1) h = h * scale + aux(h);
    return h;
  }
  torch::Tensor compute_loss(torch::Tensor x, torch::Tensor y) {
    return torch::mse_loss(aux(body(x)), y);
  }
  torch::nn::Linear body{nullptr}, aux{nullptr};
  torch::Tensor scale;
};
TORCH_MODULE(AuxLoss);

void train_step(AuxLoss model, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor y) {
  opt.zero_grad();
  model->compute_loss(x, y).backward();
  opt.step();
}

// The owner runs only features(): forward()'s branch never runs.
struct GatedBackboneImpl : torch::nn::Module {
  GatedBackboneImpl() {
    conv = register_module("conv", torch::nn::Linear(8, 8));
    gate = register_parameter("gate", torch::ones({8}));
  }
  torch::Tensor features(torch::Tensor x) { return conv(x) * gate; }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = conv(x);
    return x.size(0) > 1 ? h * gate : h;
  }
  torch::nn::Linear conv{nullptr};
  torch::Tensor gate;
};
TORCH_MODULE(GatedBackbone);

struct GatedOwnerImpl : torch::nn::Module {
  GatedOwnerImpl() { backbone = register_module("backbone", GatedBackbone()); }
  torch::Tensor forward(torch::Tensor x) { return backbone->features(x); }
  GatedBackbone backbone{nullptr};
};
