#pragma once
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc{nullptr}, head{nullptr};
};
