// Dense mixture-of-experts feed-forward layer (defective).
//
// The experts are kept in a plain std::vector and never registered. Only the
// gate shows up in parameters(): the optimizer never updates the experts, they
// are not saved by torch::save, and model->to(torch::kCUDA) leaves them on the
// CPU (forward then fails with a device mismatch).
#include <torch/torch.h>

#include <vector>

namespace nn = torch::nn;

struct ExpertImpl : nn::Module {
  ExpertImpl(int64_t d_model, int64_t d_hidden) {
    fc_in = register_module("fc_in", nn::Linear(d_model, d_hidden));
    fc_out = register_module("fc_out", nn::Linear(d_hidden, d_model));
    dropout = register_module("dropout", nn::Dropout(0.1));
  }

  torch::Tensor forward(torch::Tensor x) { return fc_out(dropout(torch::gelu(fc_in(x)))); }

  nn::Linear fc_in{nullptr}, fc_out{nullptr};
  nn::Dropout dropout{nullptr};
};
TORCH_MODULE(Expert);

struct MixtureOfExpertsImpl : nn::Module {
  MixtureOfExpertsImpl(int64_t d_model, int64_t d_hidden, int64_t num_experts) {
    gate_ = register_module("gate", nn::Linear(d_model, num_experts));
    for (int64_t e = 0; e < num_experts; ++e) {
      experts_.push_back(Expert(d_model, d_hidden));
    }
  }

  // x: [batch, tokens, d_model]. Every expert sees every token; the outputs
  // are mixed with the softmax of the gate.
  torch::Tensor forward(torch::Tensor x) {
    auto weights = torch::softmax(gate_(x), /*dim=*/-1);  // [B, T, E]
    std::vector<torch::Tensor> outs;
    outs.reserve(experts_.size());
    for (auto& expert : experts_) {
      outs.push_back(expert(x));
    }
    auto stacked = torch::stack(outs, /*dim=*/-1);  // [B, T, D, E]
    return (stacked * weights.unsqueeze(-2)).sum(-1);
  }

  nn::Linear gate_{nullptr};
  std::vector<Expert> experts_;  // DEFECT(nn-unregistered-submodule): the experts are pushed into a plain std::vector and never registered
};
TORCH_MODULE(MixtureOfExperts);

struct MoEBlockImpl : nn::Module {
  MoEBlockImpl(int64_t d_model, int64_t d_hidden, int64_t num_experts) {
    norm = register_module("norm", nn::LayerNorm(nn::LayerNormOptions({d_model})));
    moe = register_module("moe", MixtureOfExperts(d_model, d_hidden, num_experts));
  }

  torch::Tensor forward(torch::Tensor x) { return x + moe(norm(x)); }

  nn::LayerNorm norm{nullptr};
  MixtureOfExperts moe{nullptr};
};
TORCH_MODULE(MoEBlock);
