// TAGS: nn-unused-parameter, frozen-submodule
#include <torch/torch.h>

// A pretrained extractor is frozen by a helper the constructor calls and run
// under no-grad.
struct ProbeImpl : torch::nn::Module {
  ProbeImpl() {
    extractor_ = register_module("extractor", torch::nn::Sequential(torch::nn::Linear(64, 64), torch::nn::GELU()));
    probe_ = register_module("probe", torch::nn::Linear(64, 5));
    freeze(extractor_);
  }
  static void freeze(torch::nn::Sequential &m) {
    for (auto &p : m->parameters()) p.set_requires_grad(false);
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor feats;
    {
      torch::NoGradGuard no_grad;
      feats = extractor_->forward(x);
    }
    return probe_(feats);
  }
  torch::nn::Sequential extractor_{nullptr};
  torch::nn::Linear probe_{nullptr};
};
TORCH_MODULE(Probe);
