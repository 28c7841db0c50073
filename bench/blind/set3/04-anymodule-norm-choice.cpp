// TAGS: unregistered-submodule, anymodule-member
#include <torch/torch.h>
#include <string>

struct MlpBlockImpl : torch::nn::Module {
  MlpBlockImpl(int64_t dim, const std::string &norm) {
    fc_ = register_module("fc", torch::nn::Linear(dim, dim));
    if (norm == "batch")
      norm_ = torch::nn::AnyModule(torch::nn::BatchNorm1d(dim));
    else
      norm_ = torch::nn::AnyModule(torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = norm_.forward(fc_(x));
    return torch::gelu(h) + x;
  }

  torch::nn::Linear fc_{nullptr};
  torch::nn::AnyModule norm_;  // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(MlpBlock);

int main() {
  MlpBlock block(16, "layer");
  torch::optim::SGD opt(block->parameters(), 0.1);
  auto y = block(torch::randn({8, 16}));
  y.pow(2).mean().backward();
  opt.step();
}
