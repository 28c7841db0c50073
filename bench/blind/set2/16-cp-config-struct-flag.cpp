// TAGS: nn-conditional-parameter, config-struct-gate
#include <torch/torch.h>

struct BlockConfig {
  int64_t channels = 16;
  bool use_se = true;
  double se_ratio = 0.25;
};

// Squeeze-excitation, present only when the configuration asks for it:
// registered and used under the same flag.
struct MBBlockImpl : torch::nn::Module {
  explicit MBBlockImpl(const BlockConfig &cfg) : use_se_(cfg.use_se) {
    conv = register_module("conv", torch::nn::Conv2d(
        torch::nn::Conv2dOptions(cfg.channels, cfg.channels, 3).padding(1).groups(cfg.channels)));
    if (use_se_) {
      auto squeezed = std::max<int64_t>(1, static_cast<int64_t>(cfg.channels * cfg.se_ratio));
      se_reduce = register_module("se_reduce", torch::nn::Linear(cfg.channels, squeezed));
      se_expand = register_module("se_expand", torch::nn::Linear(squeezed, cfg.channels));
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    auto y = torch::silu(conv(x));
    if (use_se_) {
      auto s = torch::sigmoid(se_expand(torch::silu(se_reduce(y.mean({2, 3})))));
      y = y * s.unsqueeze(-1).unsqueeze(-1);
    }
    return y + x;
  }

  const bool use_se_;
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear se_reduce{nullptr}, se_expand{nullptr};
};
TORCH_MODULE(MBBlock);

int main() {
  MBBlock with_se(BlockConfig{});
  BlockConfig plain_cfg;
  plain_cfg.use_se = false;
  MBBlock plain(plain_cfg);
  auto x = torch::randn({1, 16, 5, 5});
  return (with_se(x) + plain(x)).size(1) == 16 ? 0 : 1;
}
