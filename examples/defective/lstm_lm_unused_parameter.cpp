// Word-level LSTM language model with tied input/output embeddings (defective).
//
// The output layer reuses the embedding matrix, with a separate decoder bias.
// The bias is registered and initialised in init_weights(), but forward()
// calls torch::linear() without it: the parameter never receives a gradient,
// and the optimizer's weight decay silently shrinks it while it does nothing.
#include <torch/torch.h>

#include <tuple>

namespace nn = torch::nn;

using LstmState = std::tuple<torch::Tensor, torch::Tensor>;

struct LstmLMImpl : nn::Module {
  LstmLMImpl(int64_t vocab, int64_t emb_dim, int64_t hidden, int64_t num_layers, double dropout)
      : hidden_(hidden), num_layers_(num_layers) {
    embed_ = register_module("embed", nn::Embedding(vocab, emb_dim));
    lstm_ = register_module("lstm", nn::LSTM(nn::LSTMOptions(emb_dim, hidden).num_layers(num_layers).dropout(dropout)));
    proj_ = register_module("proj", nn::Linear(hidden, emb_dim));  // back to emb_dim so the decoder can be tied
    drop_ = register_module("drop", nn::Dropout(dropout));
    decoder_bias_ = register_parameter("decoder_bias", torch::empty({vocab}));  // DEFECT(nn-unused-parameter): decoder_bias is only touched by init_weights(); forward() never uses it
    init_weights();
  }

  void init_weights() {
    torch::NoGradGuard no_grad;
    embed_->weight.uniform_(-0.1, 0.1);
    decoder_bias_.zero_();
  }

  LstmState initial_state(int64_t batch, const torch::Device& device) const {
    auto zeros = torch::zeros({num_layers_, batch, hidden_}, torch::TensorOptions().device(device));
    return {zeros, zeros.clone()};
  }

  // tokens: [T, B] -> (logits [T, B, vocab], state for the next chunk)
  std::tuple<torch::Tensor, LstmState> forward(const torch::Tensor& tokens, const LstmState& state) {
    auto emb = drop_(embed_(tokens));
    auto [out, next_state] = lstm_->forward(emb, state);
    auto logits = torch::linear(proj_(drop_(out)), embed_->weight);
    return {logits, next_state};
  }

  int64_t hidden_, num_layers_;
  nn::Embedding embed_{nullptr};
  nn::LSTM lstm_{nullptr};
  nn::Linear proj_{nullptr};
  nn::Dropout drop_{nullptr};
  torch::Tensor decoder_bias_;
};
TORCH_MODULE(LstmLM);
