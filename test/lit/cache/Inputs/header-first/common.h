// A module that every model of the project uses; it lacks nothing.
#ifndef HEADER_FIRST_COMMON_H
#define HEADER_FIRST_COMMON_H
#include <torch/torch.h>

struct BlockImpl : torch::nn::Module {
  BlockImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Block);
#endif
