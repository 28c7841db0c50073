// TAGS: nn-unused-parameter, non-differentiable-op
#include <torch/torch.h>
#include <string>

// Hard mixture of experts: the router's scores are only used through argmax,
// so no gradient ever reaches the router.
struct HardMoeImpl : torch::nn::Module {
  HardMoeImpl(int64_t dim, int64_t experts) {
    router_ = register_module("router", torch::nn::Linear(dim, experts)); // EXPECT: nn-unused-parameter
    experts_ = register_module("experts", torch::nn::ModuleList());
    for (int64_t e = 0; e < experts; ++e) experts_->push_back(torch::nn::Linear(dim, dim));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor choice = router_(x).argmax(-1);
    torch::Tensor out = torch::zeros_like(x);
    for (size_t e = 0; e < experts_->size(); ++e) {
      torch::Tensor mask = (choice == static_cast<int64_t>(e)).unsqueeze(-1).to(x.scalar_type());
      out = out + mask * experts_[e]->as<torch::nn::Linear>()->forward(x);
    }
    return out;
  }
  torch::nn::Linear router_{nullptr};
  torch::nn::ModuleList experts_{nullptr};
};
TORCH_MODULE(HardMoe);
