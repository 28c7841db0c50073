// A note-level finding and nothing else: printed on its own (exit code 0).
#include <torch/torch.h>
struct HeadImpl : torch::nn::Module {
  HeadImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return act(fc(x)); }
  torch::nn::Linear fc{nullptr};
  torch::nn::ReLU act;
};
