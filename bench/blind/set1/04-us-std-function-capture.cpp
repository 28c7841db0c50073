// TAGS: nn-unregistered-submodule, std-function
#include <torch/torch.h>
#include <functional>

// A gated activation kept as a std::function; the gate layer lives only
// inside the closure.
struct GatedMlpImpl : torch::nn::Module {
  GatedMlpImpl(int64_t dim, bool gated) {
    fc_ = register_module("fc", torch::nn::Linear(dim, dim));
    if (gated) {
      torch::nn::Linear gate(dim, dim);
      act_ = [gate](const torch::Tensor &h) mutable { return h * torch::sigmoid(gate(h)); };
    } else {
      act_ = [](const torch::Tensor &h) { return torch::gelu(h); };
    }
  }
  torch::Tensor forward(torch::Tensor x) { return act_(fc_(x)); }
  torch::nn::Linear fc_{nullptr};
  std::function<torch::Tensor(const torch::Tensor &)> act_; // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(GatedMlp);
