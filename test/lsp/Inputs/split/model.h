// A module split over files: the constructor is in init.cpp, forward() in
// own.cpp. Whether `b` is registered is known only from init.cpp.
#pragma once
#include <torch/torch.h>

struct TwoImpl : torch::nn::Module {
  TwoImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear a{nullptr}, b{nullptr};
};
