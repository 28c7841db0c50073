#pragma once
#include <torch/torch.h>
#include "../common.h"

struct CImpl : torch::nn::Module {
  CImpl() { block = register_module("block", Block()); }
  Block block{nullptr};
};
