// TAGS: nn-unregistered-submodule, base-class-member
#include <torch/torch.h>

struct HeadBase : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return proj_(torch::relu(x)); }
 protected:
  torch::nn::Linear proj_{nullptr}; // EXPECT: nn-unregistered-submodule
};

// Derived heads only pick the size of the projection.
struct ScoreHead : HeadBase {
  explicit ScoreHead(int64_t dim) {
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
    proj_ = torch::nn::Linear(dim, 1);
  }
  torch::Tensor score(torch::Tensor x) { return forward(norm_(x)); }
  torch::nn::LayerNorm norm_{nullptr};
};
