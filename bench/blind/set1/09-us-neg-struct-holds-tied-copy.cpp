// TAGS: nn-unregistered-submodule, holder-copy-struct
#include <torch/torch.h>

struct TiedPair {
  torch::nn::Embedding input{nullptr};
  torch::nn::Embedding output{nullptr};
};

// Input and output embeddings share one registered module, kept in a struct.
struct TinyLmImpl : torch::nn::Module {
  TinyLmImpl(int64_t vocab, int64_t dim) {
    emb_.input = register_module("embedding", torch::nn::Embedding(vocab, dim));
    emb_.output = emb_.input;
    rnn_ = register_module("rnn", torch::nn::GRU(torch::nn::GRUOptions(dim, dim).batch_first(true)));
  }
  torch::Tensor forward(torch::Tensor tokens) {
    torch::Tensor h = std::get<0>(rnn_(emb_.input(tokens)));
    return torch::matmul(h, emb_.output->weight.t());
  }
  TiedPair emb_;
  torch::nn::GRU rnn_{nullptr};
};
TORCH_MODULE(TinyLm);
