// TAGS: nn-unregistered-submodule, stateless-submodule
#include <torch/torch.h>

// Activation and pooling modules are held but never registered: they have no
// parameters or buffers.
struct ConvNetImpl : torch::nn::Module {
  ConvNetImpl() {
    conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 8, 3)));
    fc_ = register_module("fc", torch::nn::Linear(8, 10));
    act_ = torch::nn::ReLU(torch::nn::ReLUOptions().inplace(true));
    pool_ = torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions(1));
    flat_ = torch::nn::Flatten();
  }
  torch::Tensor forward(torch::Tensor x) { return fc_(flat_(pool_(act_(conv_(x))))); }
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::Linear fc_{nullptr};
  torch::nn::ReLU act_{nullptr};
  torch::nn::AdaptiveAvgPool2d pool_{nullptr};
  torch::nn::Flatten flat_{nullptr};
};
TORCH_MODULE(ConvNet);
