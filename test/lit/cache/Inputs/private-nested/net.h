#pragma once
#include <torch/torch.h>

class NetImpl : public torch::nn::Module {
 public:
  NetImpl();
  torch::Tensor forward(torch::Tensor x);

 private:
  struct Args {
    Args();
    int64_t width;
  };
  using Layer = torch::nn::Linear;
  Layer *first();
  Args args_;
  Layer fc{nullptr};
};
