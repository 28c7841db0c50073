// TAGS: nn-unregistered-submodule, variant-container
#include <torch/torch.h>
#include <string>
#include <variant>
#include <vector>

// Heterogeneous layers kept as variants after registration.
struct MixedStackImpl : torch::nn::Module {
  using Layer = std::variant<torch::nn::Linear, torch::nn::LayerNorm>;
  MixedStackImpl(int64_t dim, int depth) {
    for (int i = 0; i < depth; ++i) {
      layers_.emplace_back(register_module("fc" + std::to_string(i), torch::nn::Linear(dim, dim)));
      layers_.emplace_back(
          register_module("ln" + std::to_string(i), torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim}))));
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &layer : layers_) x = std::visit([&](auto &m) { return m(x); }, layer);
    return x;
  }
  std::vector<Layer> layers_;
};
TORCH_MODULE(MixedStack);
