#include <torch/torch.h>

#define WIDTH 4
#define LINEAR(n) torch::nn::Linear(n, n)

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(LINEAR(WIDTH)) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};
