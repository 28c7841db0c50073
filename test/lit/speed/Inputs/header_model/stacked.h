// A model defined in the user's own header, which the files below include
// first: it goes into their precompiled include block, and its findings must
// not get lost there.
#pragma once
#include <torch/torch.h>

#include <vector>

struct StackedImpl : torch::nn::Module {
  explicit StackedImpl(int64_t width) {
    for (int i = 0; i < 3; ++i) layers.push_back(torch::nn::Linear(width, width));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &layer : layers) x = torch::relu(layer(x));
    return x;
  }
  std::vector<torch::nn::Linear> layers;
};
TORCH_MODULE(Stacked);
