// TAGS: nn-functional-dropout-in-eval, library-function
#include <torch/torch.h>

// Channel dropout written with ATen's feature_dropout and a fixed flag, inside
// a private helper of the module.
struct ConvEncoderImpl : torch::nn::Module {
  ConvEncoderImpl() {
    conv1_ = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)));
    conv2_ = register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).padding(1)));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = regularise(torch::relu(conv1_(x)));
    return torch::relu(conv2_(x));
  }
 private:
  torch::Tensor regularise(const torch::Tensor &h) {
    return torch::feature_dropout(h, 0.2, /*train=*/true); // EXPECT: nn-functional-dropout-in-eval
  }
 public:
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr};
};
TORCH_MODULE(ConvEncoder);
