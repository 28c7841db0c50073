// Dense mixture-of-experts feed-forward layer (correct).
//
// The experts live in a registered torch::nn::ModuleList. forward() returns the
// mixed output and the gate probabilities; the training step uses both: the
// task loss on the output and a load-balancing loss on the gate probabilities.
#include <torch/torch.h>

#include <tuple>
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
    experts_ = register_module("experts", nn::ModuleList());
    for (int64_t e = 0; e < num_experts; ++e) {
      experts_->push_back(Expert(d_model, d_hidden));
    }
  }

  // x: [batch, tokens, d_model] -> (output [B, T, D], gate probabilities [B, T, E])
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    auto probs = torch::softmax(gate_(x), /*dim=*/-1);
    std::vector<torch::Tensor> outs;
    for (const auto& expert : *experts_) {
      outs.push_back(expert->as<Expert>()->forward(x));
    }
    auto mixed = (torch::stack(outs, /*dim=*/-1) * probs.unsqueeze(-2)).sum(-1);
    return {mixed, probs};
  }

  nn::Linear gate_{nullptr};
  nn::ModuleList experts_{nullptr};
};
TORCH_MODULE(MixtureOfExperts);

struct MoERegressorImpl : nn::Module {
  MoERegressorImpl(int64_t d_in, int64_t d_model, int64_t num_experts) {
    embed = register_module("embed", nn::Linear(d_in, d_model));
    moe = register_module("moe", MixtureOfExperts(d_model, 4 * d_model, num_experts));
    head = register_module("head", nn::Linear(d_model, 1));
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    auto h = embed(x);
    auto [mixed, probs] = moe(h);
    return {head(h + mixed).squeeze(-1), probs};
  }

  nn::Linear embed{nullptr}, head{nullptr};
  MixtureOfExperts moe{nullptr};
};
TORCH_MODULE(MoERegressor);

// Switch-Transformer-style auxiliary loss: pushes the mean routing
// probability of every expert towards 1/E.
static torch::Tensor load_balancing_loss(const torch::Tensor& probs) {
  const auto num_experts = probs.size(-1);
  auto mean_prob = probs.reshape({-1, num_experts}).mean(0);
  return num_experts * (mean_prob * mean_prob).sum();
}

double train_step(MoERegressor& model, torch::optim::Optimizer& optimizer, const torch::Tensor& x,
                  const torch::Tensor& y) {
  optimizer.zero_grad();
  auto [pred, probs] = model->forward(x);
  auto loss = torch::mse_loss(pred, y) + 0.01 * load_balancing_loss(probs);
  loss.backward();
  optimizer.step();
  return loss.item<double>();
}
