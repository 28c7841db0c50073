// A model defined in a header: findings are reported in the header.
#pragma once
#include <torch/torch.h>

struct HeaderNetImpl : torch::nn::Module {
  HeaderNetImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
