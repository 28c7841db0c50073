// TAGS: nn-functional-dropout-in-eval, compound-guard
#include <torch/torch.h>

namespace F = torch::nn::functional;

// Default-option dropout, but only reached in training mode with a positive
// rate.
struct TokenMixerImpl : torch::nn::Module {
  TokenMixerImpl(int64_t dim, double p) : p_(p) {
    mix_ = register_module("mix", torch::nn::Linear(dim, dim));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = torch::gelu(mix_(x));
    if (p_ > 0.0 && is_training()) h = F::dropout(h, F::DropoutFuncOptions().p(p_));
    return x + h;
  }
  double p_;
  torch::nn::Linear mix_{nullptr};
};
TORCH_MODULE(TokenMixer);
