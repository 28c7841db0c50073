// TAGS: nn-container-alias, raw-pointer-shortcut
#include <torch/torch.h>

// The last layer is remembered through a raw pointer set in the constructor,
// after reset(); a clone copies the pointer and keeps using the original's layer.
struct RegressorImpl : torch::nn::Cloneable<RegressorImpl> {
  RegressorImpl() {
    reset();
    out_ = fc2.get();
  }
  void reset() override {
    fc1 = register_module("fc1", torch::nn::Linear(10, 32));
    fc2 = register_module("fc2", torch::nn::Linear(32, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return out_->forward(torch::relu(fc1(x))); }

  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::nn::LinearImpl *out_ = nullptr;  // EXPECT: nn-container-alias
};
TORCH_MODULE(Regressor);

int main() {
  Regressor net;
  auto replica = std::dynamic_pointer_cast<RegressorImpl>(net->clone());
  auto y = replica->forward(torch::randn({3, 10}));
  return y.size(1) == 1 ? 0 : 1;
}
