// Does not compile: the server reports the error and keeps serving.
#include <torch/torch.h>

struct BrokenImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return undeclared_function(x); }
};
