#pragma once
#pragma warning(push)
#pragma warning(disable : 4251)
#include <torch/torch.h>
#pragma warning(pop)

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Net);
