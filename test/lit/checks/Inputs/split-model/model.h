// One Cloneable split over a header and two source files: the constructor in
// model_init.cpp, reset() and forward() in model_forward.cpp. Its findings
// need facts from both files (see ../../split-across-files.test).
#pragma once
#include <torch/torch.h>

struct SplitImpl : torch::nn::Cloneable<SplitImpl> {
  SplitImpl();
  void reset() override;
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  std::vector<torch::nn::Linear> cells_;
  std::vector<torch::nn::Linear> extra_;
  torch::Tensor scale_;
};
