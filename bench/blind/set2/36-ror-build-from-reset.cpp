// TAGS: nn-register-outside-reset, registration-in-private-helper
#include <torch/torch.h>

// Registrations live in small private builders that reset() calls.
struct UNetLiteImpl : torch::nn::Cloneable<UNetLiteImpl> {
  explicit UNetLiteImpl(int64_t ch) : ch_(ch) { reset(); }
  void reset() override {
    build_encoder();
    build_decoder();
    scale_ = register_parameter("scale", torch::ones({1}));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto e = torch::relu(enc_(x));
    return scale_ * dec_(e) + x;
  }

 private:
  void build_encoder() {
    enc_ = register_module("enc", torch::nn::Conv2d(torch::nn::Conv2dOptions(ch_, 2 * ch_, 3).padding(1)));
  }
  void build_decoder() {
    dec_ = register_module("dec", torch::nn::Conv2d(torch::nn::Conv2dOptions(2 * ch_, ch_, 3).padding(1)));
  }
  int64_t ch_;
  torch::nn::Conv2d enc_{nullptr}, dec_{nullptr};
  torch::Tensor scale_;
};
TORCH_MODULE(UNetLite);

int main() {
  UNetLite net(3);
  auto copy = std::dynamic_pointer_cast<UNetLiteImpl>(net->clone());
  return copy->forward(torch::randn({1, 3, 8, 8})).size(1) == 3 ? 0 : 1;
}
