// TAGS: nn-unregistered-submodule, optional-wrapper
#include <torch/torch.h>
#include <optional>

struct SkipBlockImpl : torch::nn::Module {
  SkipBlockImpl(int64_t in, int64_t out) {
    body_ = register_module("body", torch::nn::Linear(in, out));
    if (in != out) shortcut_.emplace(torch::nn::Linear(torch::nn::LinearOptions(in, out).bias(false)));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor skip = shortcut_ ? (*shortcut_)(x) : x;
    return torch::relu(body_(x) + skip);
  }
  torch::nn::Linear body_{nullptr};
  std::optional<torch::nn::Linear> shortcut_; // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(SkipBlock);
