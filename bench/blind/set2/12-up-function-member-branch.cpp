// TAGS: nn-unused-parameter, std-function-dispatch
#include <torch/torch.h>
#include <functional>

// The fusion strategy is picked at construction and stored as a callable;
// each strategy is a method of the module that uses its own layers.
struct FusionImpl : torch::nn::Module {
  explicit FusionImpl(bool gated) {
    proj = register_module("proj", torch::nn::Linear(16, 16));
    gate = register_module("gate", torch::nn::Linear(32, 16));
    if (gated)
      fuse_ = [this](torch::Tensor a, torch::Tensor b) { return gated_fuse(a, b); };
    else
      fuse_ = [this](torch::Tensor a, torch::Tensor b) { return sum_fuse(a, b); };
  }

  torch::Tensor forward(torch::Tensor a, torch::Tensor b) { return fuse_(a, b); }

  torch::Tensor gated_fuse(torch::Tensor a, torch::Tensor b) {
    auto g = torch::sigmoid(gate(torch::cat({a, b}, -1)));
    return proj(g * a + (1 - g) * b);
  }
  torch::Tensor sum_fuse(torch::Tensor a, torch::Tensor b) { return proj(a + b); }

  torch::nn::Linear proj{nullptr}, gate{nullptr};
  std::function<torch::Tensor(torch::Tensor, torch::Tensor)> fuse_;
};
TORCH_MODULE(Fusion);

int main() {
  Fusion f(true);
  auto y = f(torch::randn({2, 16}), torch::randn({2, 16}));
  return y.size(1) == 16 ? 0 : 1;
}
