#include <torch/torch.h>

#define UNUSED_WIDTH 4

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x).no_such_method(); }
  torch::nn::Linear fc{nullptr};
};
