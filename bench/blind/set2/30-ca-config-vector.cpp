// TAGS: nn-container-alias, config-container-in-constructor
#include <torch/torch.h>
#include <vector>

// The constructor stores the layer widths; reset() builds and registers the
// layers from them into a vector it fills afresh.
struct WideMLPImpl : torch::nn::Cloneable<WideMLPImpl> {
  explicit WideMLPImpl(std::vector<int64_t> widths) {
    for (auto w : widths) widths_.push_back(w);
    reset();
  }
  void reset() override {
    layers_ = {};
    for (size_t i = 0; i + 1 < widths_.size(); ++i)
      layers_.push_back(register_module("fc" + std::to_string(i),
                                        torch::nn::Linear(widths_[i], widths_[i + 1])));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < layers_.size(); ++i) {
      x = layers_[i](x);
      if (i + 1 < layers_.size()) x = torch::relu(x);
    }
    return x;
  }
  std::vector<int64_t> widths_;
  std::vector<torch::nn::Linear> layers_;
};
TORCH_MODULE(WideMLP);

int main() {
  WideMLP net(std::vector<int64_t>{4, 8, 2});
  auto copy = std::dynamic_pointer_cast<WideMLPImpl>(net->clone());
  return copy->forward(torch::randn({1, 4})).size(1) == 2 ? 0 : 1;
}
