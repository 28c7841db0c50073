// b's model
#ifndef B_H
#define B_H
#include <torch/torch.h>
#include "common.h"

struct BImpl : torch::nn::Module {
  BImpl() { block = register_module("block", Block()); }
  torch::Tensor forward(torch::Tensor x) { return block(x); }
  Block block{nullptr};
};
#endif
