// Two fixable defects: a holder assigned without register_module, and a
// reset() that appends to a vector without clearing it.
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
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
