#pragma once
#include "util.h"

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear head{nullptr};
  torch::nn::Linear aux{nullptr};
};
TORCH_MODULE(Net);
