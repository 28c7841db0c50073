// TAGS: unregistered-tensor, std-array-of-tensors
#include <torch/torch.h>
#include <array>

struct FeatureScalerImpl : torch::nn::Module {
  explicit FeatureScalerImpl(int64_t channels) {
    conv_ = register_module("conv", torch::nn::Conv2d(channels, channels, 1));
    affine_[0] = torch::ones({1, channels, 1, 1});
    affine_[1] = torch::zeros({1, channels, 1, 1});
    for (auto &t : affine_) t.requires_grad_();
  }

  torch::Tensor forward(torch::Tensor x) { return conv_(x) * affine_[0] + affine_[1]; }

  torch::nn::Conv2d conv_{nullptr};
  std::array<torch::Tensor, 2> affine_;  // EXPECT: nn-unregistered-tensor
};
TORCH_MODULE(FeatureScaler);

int main() {
  FeatureScaler scaler(4);
  torch::optim::SGD opt(scaler->parameters(), 0.1);
  auto loss = scaler(torch::randn({2, 4, 8, 8})).abs().mean();
  loss.backward();
  opt.step();
}
