// TAGS: nn-reset-accumulates, build-local-then-assign
#include <torch/torch.h>
#include <vector>

// reset() builds the stage list in a local vector and moves it into the
// member, replacing whatever a copy held.
struct PyramidImpl : torch::nn::Cloneable<PyramidImpl> {
  explicit PyramidImpl(int levels) : levels_(levels) { reset(); }
  void reset() override {
    std::vector<torch::nn::Conv2d> built;
    for (int l = 0; l < levels_; ++l)
      built.push_back(register_module("stage" + std::to_string(l),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(4, 4, 3).stride(2).padding(1))));
    stages_ = std::move(built);
  }
  std::vector<torch::Tensor> forward(torch::Tensor x) {
    std::vector<torch::Tensor> outs;
    for (auto &s : stages_) {
      x = torch::relu(s(x));
      outs.push_back(x);
    }
    return outs;
  }
  int levels_;
  std::vector<torch::nn::Conv2d> stages_;
};
TORCH_MODULE(Pyramid);

int main() {
  Pyramid p(3);
  auto copy = std::dynamic_pointer_cast<PyramidImpl>(p->clone());
  return copy->forward(torch::randn({1, 4, 16, 16})).size() == 3 ? 0 : 1;
}
