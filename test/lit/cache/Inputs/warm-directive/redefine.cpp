#include <torch/torch.h>

#undef NNLINT_TORCH_STUB
#define NNLINT_TORCH_STUB 2
static_assert(NNLINT_TORCH_STUB == 2, "the file's definition");

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(torch::nn::Linear(4, 4)) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
};
