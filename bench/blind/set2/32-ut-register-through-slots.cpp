// TAGS: nn-unregistered-tensor, registration-loop-over-pointers
#include <torch/torch.h>
#include <string>
#include <utility>
#include <vector>

// Affine parameters created with requires-grad, then registered in one loop
// over (name, member pointer) pairs.
struct AffineNormImpl : torch::nn::Module {
  explicit AffineNormImpl(int64_t features) {
    gamma_ = torch::ones({features}, torch::requires_grad());
    beta_ = torch::zeros({features}, torch::requires_grad());
    std::vector<std::pair<std::string, torch::Tensor *>> slots{{"gamma", &gamma_}, {"beta", &beta_}};
    for (auto &slot : slots) *slot.second = register_parameter(slot.first, *slot.second);
  }

  torch::Tensor forward(torch::Tensor x) {
    auto mean = x.mean(-1, true);
    auto var = x.var(-1, false, true);
    return (x - mean) / torch::sqrt(var + 1e-5) * gamma_ + beta_;
  }

  torch::Tensor gamma_, beta_;
};
TORCH_MODULE(AffineNorm);

int main() {
  AffineNorm norm(6);
  auto y = norm(torch::randn({2, 6}));
  return norm->parameters().size() == 2 && y.size(1) == 6 ? 0 : 1;
}
