// TAGS: unused-parameter, several-constructors
#include <torch/torch.h>

class TextEncoderImpl : public torch::nn::Module {
 public:
  TextEncoderImpl(int64_t vocab, int64_t dim) : TextEncoderImpl(torch::nn::Embedding(vocab, dim), dim) {}

  explicit TextEncoderImpl(const torch::Tensor &pretrained)
      : TextEncoderImpl(torch::nn::Embedding::from_pretrained(pretrained,
                                                              torch::nn::EmbeddingFromPretrainedOptions().freeze(false)),
                        pretrained.size(1)) {}

  torch::Tensor forward(torch::Tensor tokens) {
    torch::Tensor h = std::get<0>(rnn_->forward(embed_(tokens)));
    return proj_(h.mean(1));
  }

 private:
  TextEncoderImpl(torch::nn::Embedding embed, int64_t dim) {
    embed_ = register_module("embed", embed);
    rnn_ = register_module("rnn", torch::nn::GRU(torch::nn::GRUOptions(dim, dim).batch_first(true)));
    proj_ = register_module("proj", torch::nn::Linear(dim, dim));
  }

  torch::nn::Embedding embed_{nullptr};
  torch::nn::GRU rnn_{nullptr};
  torch::nn::Linear proj_{nullptr};
};
TORCH_MODULE(TextEncoder);

int main() {
  TextEncoder scratch(1000, 64);
  TextEncoder warm(torch::randn({1000, 64}));
  torch::optim::Adam opt(warm->parameters());
  auto tokens = torch::randint(0, 1000, {4, 12});
  auto loss = torch::cosine_embedding_loss(warm(tokens), scratch(tokens).detach(), torch::ones({4}));
  loss.backward();
  opt.step();
}
