// RUN: %if !other-torch %{ %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --allow-empty --implicit-check-not="{{warning|note}}:" %}
// RUN: %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --allow-empty --implicit-check-not="{{warning|note}}:"
// Writes into parameters that keep the registered tensor, or replace what is not a parameter.
#include <torch/torch.h>

struct InitImpl : torch::nn::Module {
  InitImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    bn = register_module("bn", torch::nn::BatchNorm1d(4));
    w = torch::randn({4});             // before the registration: the value registered next
    register_parameter("w", w);
    frozen = register_parameter("frozen", torch::ones({4}), /*requires_grad=*/false);
    torch::NoGradGuard no_grad;
    fc->weight.copy_(torch::eye(4));   // in place: still the registered tensor
    fc->bias.set_data(torch::zeros({4}));
    fc->weight[0] = torch::ones({4});  // a copy into a slice, not a new tensor
  }
  torch::Tensor forward(torch::Tensor x) {
    bn->running_mean = bn->running_mean * 0.5;  // a buffer, not a parameter
    frozen = frozen * 2;                       // registered without requires_grad
    cache = x;                                 // a plain tensor member
    return bn(fc(x)) * w + frozen;
  }
  torch::nn::Linear fc{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
  torch::Tensor w, frozen, cache;
};

// Weight tying done right: one registered tensor, read by forward() directly.
struct TiedImpl : torch::nn::Module {
  TiedImpl() { emb = register_module("emb", torch::nn::Embedding(50, 8)); }
  torch::Tensor forward(torch::Tensor ids) {
    torch::Tensor h = emb(ids);
    return torch::matmul(h, emb->weight.t());
  }
  torch::nn::Embedding emb{nullptr};
};
