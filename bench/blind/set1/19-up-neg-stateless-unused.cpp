// TAGS: nn-unused-parameter, stateless-submodule
#include <torch/torch.h>

// Registered dropout and activation modules that forward() no longer uses:
// they hold no trainable parameters.
struct HeadImpl : torch::nn::Module {
  explicit HeadImpl(int64_t dim) {
    fc_ = register_module("fc", torch::nn::Linear(dim, 2));
    drop_ = register_module("drop", torch::nn::Dropout(0.3));
    act_ = register_module("act", torch::nn::SiLU());
  }
  torch::Tensor forward(torch::Tensor x) { return fc_(x); }
  torch::nn::Linear fc_{nullptr};
  torch::nn::Dropout drop_{nullptr};
  torch::nn::SiLU act_{nullptr};
};
TORCH_MODULE(Head);
