// TAGS: nn-unregistered-submodule, lambda-factory
#include <torch/torch.h>

// An encoder/decoder pair built by a local factory lambda; only the encoder
// goes through register_module().
struct AutoEncoderImpl : torch::nn::Module {
  AutoEncoderImpl(int64_t in, int64_t code) {
    auto layer = [](int64_t a, int64_t b) {
      return torch::nn::Linear(torch::nn::LinearOptions(a, b).bias(false));
    };
    encoder_ = register_module("encoder", layer(in, code));
    decoder_ = layer(code, in);
  }
  torch::Tensor forward(torch::Tensor x) {
    return decoder_(torch::tanh(encoder_(x)));
  }
  torch::nn::Linear encoder_{nullptr};
  torch::nn::Linear decoder_{nullptr}; // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(AutoEncoder);
