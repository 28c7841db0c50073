// TAGS: nn-register-outside-reset, buffer-in-ctor
#include <torch/torch.h>

// Layers are registered in reset(), but the running step counter is registered
// by the constructor after it.
struct EmaNormImpl : torch::nn::Cloneable<EmaNormImpl> {
  explicit EmaNormImpl(int64_t dim) : dim_(dim) {
    reset();
    steps_ = register_buffer("steps", torch::zeros({1}, torch::kLong)); // EXPECT: nn-register-outside-reset
  }
  void reset() override {
    scale_ = register_parameter("scale", torch::ones({dim_}));
  }
  torch::Tensor forward(torch::Tensor x) { return x / (x.norm(2, -1, true) + 1e-6) * scale_; }
  int64_t dim_;
  torch::Tensor scale_, steps_;
};
TORCH_MODULE(EmaNorm);
