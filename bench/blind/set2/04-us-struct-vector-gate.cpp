// TAGS: nn-unregistered-submodule, vector-of-user-structs
#include <torch/torch.h>
#include <vector>

struct Branch {
  torch::nn::Linear proj{nullptr};
  torch::nn::Linear gate{nullptr};
};

// Mixture of gated branches: each element of the vector is a small struct of
// two layers. The projections are registered, the gates are not.
struct GatedMixImpl : torch::nn::Module {
  GatedMixImpl(int64_t dim, int branches) {
    for (int i = 0; i < branches; ++i) {
      Branch b;
      b.proj = register_module("proj" + std::to_string(i), torch::nn::Linear(dim, dim));
      b.gate = torch::nn::Linear(dim, dim);
      branches_.push_back(b);
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    auto out = torch::zeros_like(x);
    for (auto &b : branches_) out = out + torch::sigmoid(b.gate(x)) * b.proj(x);
    return out;
  }

  std::vector<Branch> branches_;  // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(GatedMix);

int main() {
  GatedMix mix(8, 3);
  torch::optim::Adam opt(mix->parameters(), 1e-3);
  auto loss = mix(torch::randn({4, 8})).pow(2).mean();
  opt.zero_grad();
  loss.backward();
  opt.step();
  return 0;
}
