// TAGS: nn-unregistered-submodule, shared-ptr-impl-container
#include <torch/torch.h>
#include <memory>
#include <vector>

struct ResBlockImpl : torch::nn::Module {
  explicit ResBlockImpl(int64_t c) {
    conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(c, c, 3).padding(1)));
    bn_ = register_module("bn", torch::nn::BatchNorm2d(c));
  }
  torch::Tensor forward(torch::Tensor x) { return torch::relu(x + bn_(conv_(x))); }
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::BatchNorm2d bn_{nullptr};
};

// The tower keeps its blocks as shared pointers to the Impl, made directly.
struct TowerImpl : torch::nn::Module {
  TowerImpl(int64_t channels, int depth) {
    stem_ = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, channels, 3).padding(1)));
    for (int d = 0; d < depth; ++d) blocks_.emplace_back(std::make_shared<ResBlockImpl>(channels));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = stem_(x);
    for (const auto &blk : blocks_) x = blk->forward(x);
    return x.mean({2, 3});
  }
  torch::nn::Conv2d stem_{nullptr};
  std::vector<std::shared_ptr<ResBlockImpl>> blocks_; // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(Tower);
