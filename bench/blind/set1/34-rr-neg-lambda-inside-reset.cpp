// TAGS: nn-register-outside-reset, lambda-capture
#include <torch/torch.h>

// reset() registers through a local lambda.
struct GruCellStackImpl : torch::nn::Cloneable<GruCellStackImpl> {
  GruCellStackImpl() { reset(); }
  void reset() override {
    auto cell = [this](const char *name, int64_t in, int64_t out) {
      return register_module(name, torch::nn::GRUCell(in, out));
    };
    first_ = cell("first", 8, 16);
    second_ = cell("second", 16, 16);
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor h1, torch::Tensor h2) {
    return second_(first_(x, h1), h2);
  }
  torch::nn::GRUCell first_{nullptr}, second_{nullptr};
};
TORCH_MODULE(GruCellStack);
