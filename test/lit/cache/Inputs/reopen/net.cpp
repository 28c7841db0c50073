#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
