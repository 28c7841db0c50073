// TAGS: nn-unregistered-submodule, type-erased-layer-list
#include <torch/torch.h>
#include <memory>
#include <vector>

template <class Impl>
std::shared_ptr<torch::nn::Module> as_base(const torch::nn::ModuleHolder<Impl> &holder) {
  return std::static_pointer_cast<torch::nn::Module>(holder.ptr());
}

// Layers are registered when they are added, then kept type-erased in a
// plain vector for the forward loop.
struct StackImpl : torch::nn::Module {
  explicit StackImpl(const std::vector<int64_t> &widths) {
    for (size_t i = 0; i + 1 < widths.size(); ++i) {
      torch::nn::Linear layer = register_module("fc" + std::to_string(i), torch::nn::Linear(widths[i], widths[i + 1]));
      layers_.push_back(as_base(layer));
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < layers_.size(); ++i) {
      x = layers_[i]->as<torch::nn::Linear>()->forward(x);
      if (i + 1 < layers_.size()) x = torch::tanh(x);
    }
    return x;
  }

  std::vector<std::shared_ptr<torch::nn::Module>> layers_;
};
TORCH_MODULE(Stack);

int main() {
  Stack net(std::vector<int64_t>{4, 16, 16, 2});
  auto y = net(torch::randn({2, 4}));
  return net->parameters().size() == 6 && y.size(1) == 2 ? 0 : 1;
}
