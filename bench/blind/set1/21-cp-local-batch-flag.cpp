// TAGS: nn-conditional-parameter, local-flag
#include <torch/torch.h>

// Batch norm on the hidden layer is skipped for a batch of one sample (the
// last, short batch of an epoch), decided through a local flag.
struct TabularNetImpl : torch::nn::Module {
  TabularNetImpl(int64_t in, int64_t hidden) {
    fc1_ = register_module("fc1", torch::nn::Linear(in, hidden));
    bn_ = register_module("bn", torch::nn::BatchNorm1d(hidden)); // EXPECT: nn-conditional-parameter
    fc2_ = register_module("fc2", torch::nn::Linear(hidden, 1));
  }
  torch::Tensor forward(torch::Tensor x) {
    const bool can_normalise = x.size(0) > 1;
    torch::Tensor h = fc1_(x);
    if (can_normalise) h = bn_(h);
    return fc2_(torch::relu(h));
  }
  torch::nn::Linear fc1_{nullptr};
  torch::nn::BatchNorm1d bn_{nullptr};
  torch::nn::Linear fc2_{nullptr};
};
TORCH_MODULE(TabularNet);
