// TAGS: nn-reset-accumulates, helper-method
#include <torch/torch.h>
#include <string>
#include <vector>

// reset() delegates the layer list to a builder that only appends.
struct DeepMlpImpl : torch::nn::Cloneable<DeepMlpImpl> {
  DeepMlpImpl(int64_t dim, int depth) : dim_(dim), depth_(depth) { reset(); }
  void reset() override { build_layers(); }
  void build_layers() {
    for (int i = 0; i < depth_; ++i)
      layers_.emplace_back(register_module("layer" + std::to_string(i), torch::nn::Linear(dim_, dim_))); // EXPECT: nn-reset-accumulates
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &l : layers_) x = torch::relu(l(x));
    return x;
  }
  int64_t dim_;
  int depth_;
  std::vector<torch::nn::Linear> layers_;
};
TORCH_MODULE(DeepMlp);
