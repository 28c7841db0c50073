// TAGS: nn-unused-parameter, compile-time-flag
#include <torch/torch.h>

// The squeeze-excitation gate was switched off with a compile-time flag, but
// its registration was left in place.
struct ConvUnitImpl : torch::nn::Module {
  static constexpr bool kUseGate = false;

  explicit ConvUnitImpl(int64_t ch) {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(ch, ch, 3).padding(1)));
    gate = register_module("gate", torch::nn::Linear(ch, ch));  // EXPECT: nn-unused-parameter
  }

  torch::Tensor forward(torch::Tensor x) {
    auto y = torch::relu(conv(x));
    if constexpr (kUseGate) {
      auto w = torch::sigmoid(gate(y.mean({2, 3})));
      y = y * w.unsqueeze(-1).unsqueeze(-1);
    }
    return y;
  }

  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear gate{nullptr};
};
TORCH_MODULE(ConvUnit);

int main() {
  ConvUnit unit(4);
  auto y = unit(torch::randn({1, 4, 6, 6}));
  return y.size(1) == 4 ? 0 : 1;
}
