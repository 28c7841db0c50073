// Opened in the editor by lsp_test.py: one finding with a fix-it, one with
// notes, one suppressed with NOLINT, one of a check .nnlint.yaml disables.
#include <torch/torch.h>

struct HeadImpl : torch::nn::Module {
  HeadImpl() { proj = torch::nn::Linear(16, 2); }
  torch::Tensor forward(torch::Tensor h) { return proj(h) - spare(h); }
  torch::nn::Linear proj{nullptr};
  torch::nn::Linear spare{nullptr};  // NOLINT(nn-unregistered-submodule)
};
TORCH_MODULE(Head);

struct TowerImpl : torch::nn::Cloneable<TowerImpl> {
  TowerImpl() { reset(); }
  void reset() override {
    for (int d = 0; d < 3; ++d) blocks_.emplace_back(register_module("block" + std::to_string(d), torch::nn::Linear(8, 8)));
  }
  torch::Tensor forward(torch::Tensor h) {
    for (auto &b : blocks_) h = torch::relu(b(h));
    return h;
  }
  std::vector<torch::nn::Linear> blocks_;
};
TORCH_MODULE(Tower);

struct TwinImpl : torch::nn::Cloneable<TwinImpl> {
  TwinImpl() {
    reset();
    cells_ = {a, b};
  }
  void reset() override {
    a = register_module("a", torch::nn::Linear(2, 2));
    b = register_module("b", torch::nn::Linear(2, 2));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &c : cells_) x = c(x);
    return x;
  }
  torch::nn::Linear a{nullptr}, b{nullptr};
  std::vector<torch::nn::Linear> cells_;
};
TORCH_MODULE(Twin);
