// TAGS: container-alias, sequential-plus-vector-rebuilt
#include <torch/torch.h>
#include <vector>

struct FeaturePyramidImpl : torch::nn::Cloneable<FeaturePyramidImpl> {
  explicit FeaturePyramidImpl(int64_t channels) : channels_(channels) { reset(); }

  void reset() override {
    stem_ = register_module(
        "stem", torch::nn::Sequential(torch::nn::Conv2d(3, channels_, 3), torch::nn::ReLU()));
    laterals_.clear();
    for (int i = 0; i < 3; ++i)
      laterals_.push_back(register_module("lateral" + std::to_string(i),
                                          torch::nn::Conv2d(channels_, channels_, 1)));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = stem_->forward(x);
    torch::Tensor sum = torch::zeros_like(h);
    for (auto &lateral : laterals_) sum = sum + lateral(h);
    return sum;
  }

  int64_t channels_;
  torch::nn::Sequential stem_{nullptr};
  std::vector<torch::nn::Conv2d> laterals_;
};
TORCH_MODULE(FeaturePyramid);

int main() {
  FeaturePyramid fpn(8);
  auto copy = std::dynamic_pointer_cast<FeaturePyramidImpl>(fpn->clone());
  copy->forward(torch::randn({1, 3, 16, 16})).mean().backward();
}
