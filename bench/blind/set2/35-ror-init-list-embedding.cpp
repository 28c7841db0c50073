// TAGS: nn-register-outside-reset, initializer-list-registration
#include <torch/torch.h>

// The embedding is registered in the constructor's initialiser list, the
// rest in reset(); clone() only re-runs reset().
struct TaggerImpl : torch::nn::Cloneable<TaggerImpl> {
  TaggerImpl(int64_t vocab, int64_t dim, int64_t tags)
      : dim_(dim), tags_(tags),
        embed_(register_module("embed", torch::nn::Embedding(vocab, dim))) {  // EXPECT: nn-register-outside-reset
    reset();
  }
  void reset() override {
    lstm_ = register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(dim_, dim_).batch_first(true)));
    out_ = register_module("out", torch::nn::Linear(dim_, tags_));
  }
  torch::Tensor forward(torch::Tensor tokens) {
    auto seq = std::get<0>(lstm_(embed_(tokens)));
    return out_(seq);
  }
  int64_t dim_, tags_;
  torch::nn::Embedding embed_;
  torch::nn::LSTM lstm_{nullptr};
  torch::nn::Linear out_{nullptr};
};
TORCH_MODULE(Tagger);

int main() {
  Tagger t(100, 16, 5);
  auto y = t(torch::randint(0, 100, {2, 7}));
  return y.size(2) == 5 ? 0 : 1;
}
