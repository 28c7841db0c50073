// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A registered parameter replaced by assignment: the registered tensor is dead.
#include <torch/torch.h>

// Weight normalisation written by hand: the Linear's registered weight is replaced every step.
struct WeightNormImpl : torch::nn::Module {
  WeightNormImpl() {
    lin = register_module("lin", torch::nn::Linear(8, 4));
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:11: note: 'lin' is registered here
    g = register_parameter("g", torch::ones({4, 1}));
    v = register_parameter("v", torch::randn({4, 8}));
  }
  torch::Tensor forward(torch::Tensor x) {
    lin->weight = g * v / v.norm();
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:5: warning: parameter 'weight' of submodule 'lin' is replaced by assignment in forward(); the registered tensor stays in parameters() and state_dict() but lin's forward() no longer uses it, so it gets no gradient [nn-unused-parameter]
    return lin(x);
  }
  torch::nn::Linear lin{nullptr};
  torch::Tensor g, v;
};

// Weight tying done by assignment in the constructor.
class TinyLM : public torch::nn::Module {
 public:
  TinyLM() {
    tok_emb = register_module("tok_emb", torch::nn::Embedding(100, 16));
    lm_head = register_module("lm_head", torch::nn::Linear(torch::nn::LinearOptions(16, 100).bias(false)));
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:15: note: 'lm_head' is registered here
    lm_head->weight = tok_emb->weight;
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:5: warning: parameter 'weight' of submodule 'lm_head' is replaced by assignment in the constructor; the registered tensor stays in parameters() and state_dict() but lm_head's forward() no longer uses it, so it gets no gradient [nn-unused-parameter]
  }
  torch::Tensor forward(torch::Tensor ids) { return lm_head(tok_emb(ids)); }

 private:
  torch::nn::Embedding tok_emb{nullptr};
  torch::nn::Linear lm_head{nullptr};
};

// A module's own parameter replaced in forward() (normalised in place of the registered tensor).
struct ScaleImpl : torch::nn::Module {
  ScaleImpl() {
    scale = register_parameter("scale", torch::ones({8}));
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:13: note: 'scale' is registered here
  }
  torch::Tensor forward(torch::Tensor x) {
    scale = scale / scale.norm();
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:5: warning: parameter 'scale' is replaced by assignment in forward(); the registered tensor stays in parameters() and state_dict() but is no longer used, so it gets no gradient [nn-unused-parameter]
    return x * scale;
  }
  torch::Tensor scale;
};

// Registered through std::get from a tuple member. Assigning a local copy of
// the member changes the copy only; assigning the member replaces them.
struct StateImpl : torch::nn::Module {
  StateImpl() {
    std::get<0>(state) = torch::zeros({2, 4});
    std::get<1>(state) = torch::zeros({2, 4});
    register_parameter("h0", std::get<0>(state));
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:5: note: 'state' is registered here
    register_parameter("c0", std::get<1>(state));
  }
  torch::Tensor forward(torch::Tensor x, bool keep) {
    std::tuple<torch::Tensor, torch::Tensor> hidden;
    hidden = state;
    if (!keep) hidden = std::make_tuple(std::get<0>(state).detach(), std::get<1>(state).detach());
    x = x + std::get<0>(hidden).sum() + std::get<1>(hidden).sum();
    if (keep) state = std::make_tuple(x, x);
    // CHECK-DAG: overwritten-parameter.cpp:[[@LINE-1]]:15: warning: parameter 'state' is replaced by assignment in forward()
    return x;
  }
  std::tuple<torch::Tensor, torch::Tensor> state;
};
