// TAGS: nn-unregistered-tensor, factory-function
#include <torch/torch.h>
#include <vector>

torch::Tensor learnable(std::vector<int64_t> shape, double scale) {
  return (torch::randn(shape) * scale).requires_grad_();
}

// A learned positional embedding made by a helper and stored without
// registration.
struct PatchEmbedImpl : torch::nn::Module {
  PatchEmbedImpl(int64_t patches, int64_t dim) {
    proj_ = register_module("proj", torch::nn::Linear(48, dim));
    pos_ = learnable({1, patches, dim}, 0.02);
  }
  torch::Tensor forward(torch::Tensor patches) { return proj_(patches) + pos_; }
  torch::nn::Linear proj_{nullptr};
  torch::Tensor pos_; // EXPECT: nn-unregistered-tensor
};
TORCH_MODULE(PatchEmbed);
