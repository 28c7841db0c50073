// TAGS: nn-unregistered-submodule, factory-function
#include <torch/torch.h>

// Builder that returns a stem; the owner stores it but forgets to register it.
torch::nn::Sequential conv_bn_relu(int64_t in, int64_t out) {
  return torch::nn::Sequential(
      torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).padding(1).bias(false)),
      torch::nn::BatchNorm2d(out), torch::nn::ReLU());
}

struct SmallNetImpl : torch::nn::Module {
  explicit SmallNetImpl(int64_t classes) {
    stem_ = conv_bn_relu(3, 16);
    fc_ = register_module("fc", torch::nn::Linear(16, classes));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = stem_->forward(x);
    return fc_(x.mean({2, 3}));
  }
  torch::nn::Sequential stem_{nullptr}; // EXPECT: nn-unregistered-submodule
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(SmallNet);
