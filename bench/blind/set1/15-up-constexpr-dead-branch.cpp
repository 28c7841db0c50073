// TAGS: nn-unused-parameter, constant-condition
#include <torch/torch.h>

constexpr bool kUseRefiner = false;

// The refiner is registered unconditionally, but the only use sits behind a
// compile-time switch that is off.
struct DenoiserImpl : torch::nn::Module {
  DenoiserImpl() {
    body_ = register_module("body", torch::nn::Linear(16, 16));
    refiner_ = register_module("refiner", torch::nn::Linear(16, 16)); // EXPECT: nn-unused-parameter
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor y = torch::relu(body_(x));
    if constexpr (kUseRefiner) {
      y = y + refiner_(y);
    }
    return y;
  }
  torch::nn::Linear body_{nullptr};
  torch::nn::Linear refiner_{nullptr};
};
TORCH_MODULE(Denoiser);
