// TAGS: functional-dropout-in-eval, helper-method-dropout
#include <torch/torch.h>

namespace F = torch::nn::functional;

struct EncoderLayerImpl : torch::nn::Module {
  EncoderLayerImpl(int64_t dim, int64_t heads, double dropout) : p_(dropout) {
    attn_ = register_module("attn", torch::nn::MultiheadAttention(dim, heads));
    ff1_ = register_module("ff1", torch::nn::Linear(dim, 4 * dim));
    ff2_ = register_module("ff2", torch::nn::Linear(4 * dim, dim));
    norm1_ = register_module("norm1", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
    norm2_ = register_module("norm2", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor a = std::get<0>(attn_->forward(x, x, x));
    x = norm1_(x + F::dropout(a, F::DropoutFuncOptions().p(p_).training(is_training())));
    return norm2_(x + feed_forward(x));
  }

  torch::Tensor feed_forward(torch::Tensor x) {
    torch::Tensor h = torch::gelu(ff1_(x));
    h = F::dropout(h, F::DropoutFuncOptions().p(p_));  // EXPECT: nn-functional-dropout-in-eval
    return ff2_(h);
  }

  double p_;
  torch::nn::MultiheadAttention attn_{nullptr};
  torch::nn::Linear ff1_{nullptr}, ff2_{nullptr};
  torch::nn::LayerNorm norm1_{nullptr}, norm2_{nullptr};
};
TORCH_MODULE(EncoderLayer);

int main() {
  EncoderLayer layer(32, 4, 0.1);
  layer->eval();
  torch::NoGradGuard no_grad;
  auto x = torch::randn({10, 2, 32});
  std::cout << (layer(x) - layer(x)).abs().max().item<float>() << "\n";
}
