// TAGS: nn-unused-parameter, non-differentiable-routing
#include <torch/torch.h>

// Hard mixture of experts: the router's logits are turned into an index with
// argmax, so no gradient ever reaches the router.
struct HardMoEImpl : torch::nn::Module {
  HardMoEImpl(int64_t dim, int64_t n_experts) {
    router = register_module("router", torch::nn::Linear(dim, n_experts));  // EXPECT: nn-unused-parameter
    experts = register_module("experts", torch::nn::ModuleList());
    for (int64_t i = 0; i < n_experts; ++i) experts->push_back(torch::nn::Linear(dim, dim));
  }

  torch::Tensor forward(torch::Tensor x) {
    auto choice = router(x).argmax(-1);
    auto out = torch::zeros_like(x);
    for (size_t i = 0; i < experts->size(); ++i) {
      auto mask = choice.eq(static_cast<int64_t>(i)).unsqueeze(-1).to(x.dtype());
      out = out + mask * experts->at<torch::nn::LinearImpl>(i).forward(x);
    }
    return out;
  }

  torch::nn::Linear router{nullptr};
  torch::nn::ModuleList experts{nullptr};
};
TORCH_MODULE(HardMoE);

int main() {
  HardMoE moe(8, 4);
  torch::optim::SGD opt(moe->parameters(), 0.01);
  auto loss = moe(torch::randn({16, 8})).pow(2).mean();
  opt.zero_grad();
  loss.backward();
  opt.step();
  return 0;
}
