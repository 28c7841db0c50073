// Opened in the editor by lsp_test.py: one finding with a fix-it, one with
// notes, one suppressed with NOLINT, one of a check .nnlint.yaml disables.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x) + quiet(x); }
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear quiet{nullptr};  // NOLINT(nn-unregistered-submodule)
};
TORCH_MODULE(Net);

struct StackImpl : torch::nn::Cloneable<StackImpl> {
  StackImpl() { reset(); }
  void reset() override {
    for (int i = 0; i < 2; ++i) layers_.push_back(register_module("l" + std::to_string(i), torch::nn::Linear(4, 4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &l : layers_) x = l(x);
    return x;
  }
  std::vector<torch::nn::Linear> layers_;
};
TORCH_MODULE(Stack);

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
