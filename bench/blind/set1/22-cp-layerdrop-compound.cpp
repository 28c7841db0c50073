// TAGS: nn-conditional-parameter, compound-guard
#include <torch/torch.h>

// Stochastic depth: in training, the block is skipped at random.
struct DropPathBlockImpl : torch::nn::Module {
  DropPathBlockImpl(int64_t dim, double drop_prob) : drop_prob_(drop_prob) {
    mlp_ = register_module("mlp", torch::nn::Linear(dim, dim)); // EXPECT: nn-conditional-parameter
  }
  torch::Tensor forward(torch::Tensor x) {
    if (is_training() && drop_prob_ > 0.0 && torch::rand({1}).item<double>() < drop_prob_) return x;
    return x + mlp_(x);
  }
  double drop_prob_;
  torch::nn::Linear mlp_{nullptr};
};
TORCH_MODULE(DropPathBlock);
