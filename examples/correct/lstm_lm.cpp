// Word-level LSTM language model with tied input/output embeddings (correct).
//
// Tricky negatives:
//  * `token_counts_` is a registered buffer that forward() never reads: it
//    collects unigram statistics for the sampler and is saved in checkpoints.
//    Buffers are not trained, so an unused buffer is fine.
//  * forward() also returns the LSTM state; train_step() carries it to the
//    next chunk detached (truncated BPTT) and leaves it out of the loss. The
//    LSTM parameters that produce the state also produce the logits.
#include <torch/torch.h>

#include <tuple>

namespace nn = torch::nn;

using LstmState = std::tuple<torch::Tensor, torch::Tensor>;

struct LstmLMImpl : nn::Module {
  LstmLMImpl(int64_t vocab, int64_t emb_dim, int64_t hidden, int64_t num_layers, double dropout)
      : hidden_(hidden), num_layers_(num_layers) {
    embed_ = register_module("embed", nn::Embedding(vocab, emb_dim));
    lstm_ = register_module("lstm", nn::LSTM(nn::LSTMOptions(emb_dim, hidden).num_layers(num_layers).dropout(dropout)));
    proj_ = register_module("proj", nn::Linear(hidden, emb_dim));
    drop_ = register_module("drop", nn::Dropout(dropout));
    decoder_bias_ = register_parameter("decoder_bias", torch::empty({vocab}));
    token_counts_ = register_buffer("token_counts", torch::zeros({vocab}, torch::kLong));
    init_weights();
  }

  void init_weights() {
    torch::NoGradGuard no_grad;
    embed_->weight.uniform_(-0.1, 0.1);
    decoder_bias_.zero_();
  }

  void observe(const torch::Tensor& tokens) {
    token_counts_ += torch::bincount(tokens.flatten(), /*weights=*/{}, token_counts_.size(0));
  }

  LstmState initial_state(int64_t batch, const torch::Device& device) const {
    auto zeros = torch::zeros({num_layers_, batch, hidden_}, torch::TensorOptions().device(device));
    return {zeros, zeros.clone()};
  }

  // tokens: [T, B] -> (logits [T, B, vocab], state for the next chunk)
  std::tuple<torch::Tensor, LstmState> forward(const torch::Tensor& tokens, const LstmState& state) {
    auto emb = drop_(embed_(tokens));
    auto [out, next_state] = lstm_->forward(emb, state);
    auto logits = torch::linear(proj_(drop_(out)), embed_->weight, decoder_bias_);
    return {logits, next_state};
  }

  int64_t hidden_, num_layers_;
  nn::Embedding embed_{nullptr};
  nn::LSTM lstm_{nullptr};
  nn::Linear proj_{nullptr};
  nn::Dropout drop_{nullptr};
  torch::Tensor decoder_bias_, token_counts_;
};
TORCH_MODULE(LstmLM);

// One truncated-BPTT step over a [T + 1, B] chunk; returns the detached state.
LstmState train_step(LstmLM& model, torch::optim::Optimizer& optimizer, const torch::Tensor& chunk,
                     const LstmState& state) {
  model->train();
  model->observe(chunk);
  optimizer.zero_grad();
  auto inputs = chunk.slice(0, 0, chunk.size(0) - 1);
  auto targets = chunk.slice(0, 1);
  auto [logits, next_state] = model->forward(inputs, state);
  auto loss = torch::nn::functional::cross_entropy(logits.reshape({-1, logits.size(-1)}), targets.reshape({-1}));
  loss.backward();
  torch::nn::utils::clip_grad_norm_(model->parameters(), 0.25);
  optimizer.step();
  return {std::get<0>(next_state).detach(), std::get<1>(next_state).detach()};
}
