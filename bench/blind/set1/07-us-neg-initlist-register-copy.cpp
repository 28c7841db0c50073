// TAGS: nn-unregistered-submodule, holder-copy
#include <torch/torch.h>

torch::nn::Conv2d conv3x3(int64_t in, int64_t out, int64_t stride) {
  return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false));
}

// Members built in the initialiser list, registered afterwards by copying the
// holder; the optional downsample comes from the caller.
struct BasicBlockImpl : torch::nn::Module {
  BasicBlockImpl(int64_t in, int64_t out, int64_t stride, torch::nn::Sequential downsample = nullptr)
      : conv1_(conv3x3(in, out, stride)), bn1_(out), conv2_(conv3x3(out, out, 1)), bn2_(out),
        downsample_(downsample) {
    register_module("conv1", conv1_);
    register_module("bn1", bn1_);
    register_module("relu", relu_);
    register_module("conv2", conv2_);
    register_module("bn2", bn2_);
    if (downsample_) register_module("downsample", downsample_);
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor identity = x;
    torch::Tensor out = relu_(bn1_(conv1_(x)));
    out = bn2_(conv2_(out));
    if (downsample_) identity = downsample_->forward(x);
    return relu_(out + identity);
  }
  torch::nn::Conv2d conv1_;
  torch::nn::BatchNorm2d bn1_;
  torch::nn::ReLU relu_;
  torch::nn::Conv2d conv2_;
  torch::nn::BatchNorm2d bn2_;
  torch::nn::Sequential downsample_;
};
TORCH_MODULE(BasicBlock);
