// TAGS: nn-functional-dropout-in-eval, mode-combined-with-config
#include <torch/torch.h>

// ATen dropout whose train flag combines the module's mode with a
// configuration switch.
struct TextEncoderImpl : torch::nn::Module {
  TextEncoderImpl(int64_t vocab, int64_t dim, double p, bool word_dropout)
      : p_(p), word_dropout_(word_dropout) {
    embed = register_module("embed", torch::nn::Embedding(vocab, dim));
    proj = register_module("proj", torch::nn::Linear(dim, dim));
  }
  torch::Tensor forward(torch::Tensor tokens) {
    auto e = embed(tokens);
    e = torch::dropout(e, p_, is_training() && word_dropout_);
    return torch::tanh(proj(e)).mean(1);
  }
  double p_;
  bool word_dropout_;
  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(TextEncoder);

int main() {
  TextEncoder enc(100, 16, 0.1, true);
  enc->eval();
  auto a = enc(torch::randint(0, 100, {2, 9}));
  auto b = enc(torch::randint(0, 100, {2, 9}));
  return a.size(1) == b.size(1) ? 0 : 1;
}
