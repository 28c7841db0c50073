#pragma once
#include <torch/torch.h>
#include <vector>
#include "common.h"

struct AImpl : torch::nn::Module {
  AImpl();
  torch::Tensor forward(torch::Tensor x);
  Block block{nullptr};
  torch::nn::Linear head{nullptr};
};
