// TAGS: unused-parameter, item-cut
#include <torch/torch.h>

struct AdaptiveNormImpl : torch::nn::Module {
  explicit AdaptiveNormImpl(int64_t dim) {
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
    scale_net_ = register_module("scale_net", torch::nn::Linear(dim, 1));  // EXPECT: nn-unused-parameter
  }

  torch::Tensor forward(torch::Tensor x) {
    const float scale = torch::sigmoid(scale_net_(x.mean(0, true))).mean().item<float>();
    return norm_(x) * scale;
  }

  torch::nn::LayerNorm norm_{nullptr};
  torch::nn::Linear scale_net_{nullptr};
};
TORCH_MODULE(AdaptiveNorm);

int main() {
  AdaptiveNorm norm(10);
  torch::optim::Adam opt(norm->parameters());
  auto loss = torch::mse_loss(norm(torch::randn({6, 10})), torch::zeros({6, 10}));
  loss.backward();
  opt.step();
}
