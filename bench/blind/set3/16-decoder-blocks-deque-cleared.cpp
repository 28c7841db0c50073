// TAGS: reset-accumulates, deque-cleared-in-reset
#include <torch/torch.h>
#include <deque>

struct DecoderImpl : torch::nn::Cloneable<DecoderImpl> {
  DecoderImpl(int64_t dim, int blocks) : dim_(dim), blocks_(blocks) { reset(); }

  void reset() override {
    layers_.clear();
    for (int i = 0; i < blocks_; ++i) {
      auto fc = register_module("block" + std::to_string(i), torch::nn::Linear(dim_, dim_));
      layers_.push_front(fc);
    }
    out_ = register_module("out", torch::nn::Linear(dim_, 1));
  }

  torch::Tensor forward(torch::Tensor x) {
    for (auto &layer : layers_) x = x + torch::relu(layer(x));
    return out_(x);
  }

  int64_t dim_;
  int blocks_;
  std::deque<torch::nn::Linear> layers_;
  torch::nn::Linear out_{nullptr};
};
TORCH_MODULE(Decoder);

int main() {
  Decoder dec(12, 3);
  auto copy = std::dynamic_pointer_cast<DecoderImpl>(dec->clone());
  copy->forward(torch::randn({5, 12})).sum().backward();
}
