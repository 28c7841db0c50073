// TAGS: nn-reset-accumulates, map-emplace-in-reset
#include <torch/torch.h>
#include <unordered_map>

// Per-task heads keyed by task id, filled with emplace in reset(). A clone is
// a copy that already holds the original's heads; emplace keeps them.
struct MultiHeadImpl : torch::nn::Cloneable<MultiHeadImpl> {
  explicit MultiHeadImpl(int tasks) : tasks_(tasks) { reset(); }
  void reset() override {
    trunk = register_module("trunk", torch::nn::Linear(12, 12));
    for (int t = 0; t < tasks_; ++t)
      heads_.emplace(t, register_module("head" + std::to_string(t), torch::nn::Linear(12, 2)));  // EXPECT: nn-reset-accumulates
  }
  torch::Tensor forward(torch::Tensor x, int task) { return heads_.at(task)(torch::relu(trunk(x))); }

  int tasks_;
  torch::nn::Linear trunk{nullptr};
  std::unordered_map<int, torch::nn::Linear> heads_;
};
TORCH_MODULE(MultiHead);

int main() {
  MultiHead net(3);
  auto copy = std::dynamic_pointer_cast<MultiHeadImpl>(net->clone());
  return copy->forward(torch::randn({1, 12}), 2).size(1) == 2 ? 0 : 1;
}
