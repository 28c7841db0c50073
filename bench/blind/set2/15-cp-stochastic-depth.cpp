// TAGS: nn-conditional-parameter, random-skip
#include <torch/torch.h>

// Stochastic depth: in training, a residual block is skipped at random.
struct DropPathBlockImpl : torch::nn::Module {
  DropPathBlockImpl(int64_t dim, double drop_prob) : drop_prob_(drop_prob) {
    body = register_module("body", torch::nn::Sequential(  // EXPECT: nn-conditional-parameter
        torch::nn::Linear(dim, dim), torch::nn::GELU(), torch::nn::Linear(dim, dim)));
  }

  torch::Tensor forward(torch::Tensor x) {
    if (is_training() && torch::rand({1}).item<double>() < drop_prob_) return x;
    return x + body->forward(x);
  }

  torch::nn::Sequential body{nullptr};
  double drop_prob_;
};
TORCH_MODULE(DropPathBlock);

int main() {
  DropPathBlock block(8, 0.2);
  block->train();
  auto y = block(torch::randn({2, 8}));
  return y.size(1) == 8 ? 0 : 1;
}
