// TAGS: nn-unregistered-submodule, initializer-list-holders
#include <torch/torch.h>
#include <functional>

// Residual wrapper around any sublayer, in the style of transformer ports:
// both members are built in the initialiser list, but only one is registered.
struct SublayerConnectionImpl : torch::nn::Module {
  SublayerConnectionImpl(int64_t size, double p)
      : norm(torch::nn::LayerNormOptions({size})), dropout(p) {
    register_module("dropout", dropout);
  }

  torch::Tensor forward(torch::Tensor x, const std::function<torch::Tensor(torch::Tensor)> &sublayer) {
    return x + dropout(sublayer(norm(x)));
  }

  torch::nn::LayerNorm norm;  // EXPECT: nn-unregistered-submodule
  torch::nn::Dropout dropout;
};
TORCH_MODULE(SublayerConnection);

struct EncoderLayerImpl : torch::nn::Module {
  explicit EncoderLayerImpl(int64_t d) {
    ff = register_module("ff", torch::nn::Linear(d, d));
    conn = register_module("conn", SublayerConnection(d, 0.1));
  }
  torch::Tensor forward(torch::Tensor x) {
    return conn(x, [this](torch::Tensor h) { return torch::relu(ff(h)); });
  }
  torch::nn::Linear ff{nullptr};
  SublayerConnection conn{nullptr};
};
TORCH_MODULE(EncoderLayer);

int main() {
  EncoderLayer layer(16);
  auto y = layer(torch::randn({2, 16}));
  return y.dim() == 2 ? 0 : 1;
}
