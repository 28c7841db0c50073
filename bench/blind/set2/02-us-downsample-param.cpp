// TAGS: nn-unregistered-submodule, constructor-parameter-holder
#include <torch/torch.h>

torch::nn::Conv2d conv3x3(int64_t in, int64_t out, int64_t stride = 1) {
  return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false));
}

// The caller builds the shortcut (or passes nullptr); the block registers it
// only when it exists and uses it only when it exists.
struct ResidualBlockImpl : torch::nn::Module {
  ResidualBlockImpl(int64_t in, int64_t out, int64_t stride = 1,
                    torch::nn::Sequential downsample = nullptr)
      : conv1(conv3x3(in, out, stride)), bn1(out), conv2(conv3x3(out, out)), bn2(out),
        downsampler(downsample) {
    register_module("conv1", conv1);
    register_module("bn1", bn1);
    register_module("conv2", conv2);
    register_module("bn2", bn2);
    if (downsampler) register_module("downsampler", downsampler);
  }

  torch::Tensor forward(torch::Tensor x) {
    auto out = torch::relu(bn1(conv1(x)));
    out = bn2(conv2(out));
    auto identity = downsampler ? downsampler->forward(x) : x;
    return torch::relu(out + identity);
  }

  torch::nn::Conv2d conv1;
  torch::nn::BatchNorm2d bn1;
  torch::nn::Conv2d conv2;
  torch::nn::BatchNorm2d bn2;
  torch::nn::Sequential downsampler;
};
TORCH_MODULE(ResidualBlock);

int main() {
  ResidualBlock plain(8, 8);
  ResidualBlock down(8, 16, 2, torch::nn::Sequential(
      torch::nn::Conv2d(torch::nn::Conv2dOptions(8, 16, 1).stride(2).bias(false)),
      torch::nn::BatchNorm2d(16)));
  auto y = down(plain(torch::randn({2, 8, 8, 8})));
  return y.size(1) == 16 ? 0 : 1;
}
