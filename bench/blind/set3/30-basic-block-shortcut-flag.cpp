// TAGS: conditional-parameter, construction-flag-same-as-registration
#include <torch/torch.h>

struct BasicBlockImpl : torch::nn::Module {
  BasicBlockImpl(int64_t in, int64_t out, int64_t stride) : use_shortcut_(stride != 1 || in != out) {
    conv1_ = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false)));
    bn1_ = register_module("bn1", torch::nn::BatchNorm2d(out));
    conv2_ = register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(out, out, 3).padding(1).bias(false)));
    bn2_ = register_module("bn2", torch::nn::BatchNorm2d(out));
    if (use_shortcut_) {
      shortcut_ = register_module(
          "shortcut", torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1).stride(stride).bias(false)),
                                            torch::nn::BatchNorm2d(out)));
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor out = torch::relu(bn1_(conv1_(x)));
    out = bn2_(conv2_(out));
    torch::Tensor identity = use_shortcut_ ? shortcut_->forward(x) : x;
    return torch::relu(out + identity);
  }

  bool use_shortcut_;
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr};
  torch::nn::BatchNorm2d bn1_{nullptr}, bn2_{nullptr};
  torch::nn::Sequential shortcut_{nullptr};
};
TORCH_MODULE(BasicBlock);

int main() {
  BasicBlock down(16, 32, 2);
  BasicBlock same(32, 32, 1);
  auto y = same(down(torch::randn({2, 16, 8, 8})));
  y.mean().backward();
}
