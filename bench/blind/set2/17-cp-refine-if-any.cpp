// TAGS: nn-conditional-parameter, data-dependent-refinement
#include <torch/torch.h>

// Coarse-to-fine regression: the refinement layer runs only when the batch
// holds at least one uncertain prediction.
struct CascadeImpl : torch::nn::Module {
  explicit CascadeImpl(double margin) : margin_(margin) {
    coarse = register_module("coarse", torch::nn::Linear(12, 1));
    refine = register_module("refine", torch::nn::Linear(12, 1));  // EXPECT: nn-conditional-parameter
  }

  torch::Tensor forward(torch::Tensor x) {
    auto y = coarse(x);
    auto uncertain = y.abs() < margin_;
    if (uncertain.any().item<bool>()) {
      y = y + refine(x) * uncertain.to(y.dtype());
    }
    return y;
  }

  torch::nn::Linear coarse{nullptr}, refine{nullptr};
  double margin_;
};
TORCH_MODULE(Cascade);

int main() {
  Cascade net(0.1);
  torch::optim::SGD opt(net->parameters(), 0.01);
  auto loss = torch::mse_loss(net(torch::randn({8, 12})), torch::randn({8, 1}));
  opt.zero_grad();
  loss.backward();
  opt.step();
  return 0;
}
