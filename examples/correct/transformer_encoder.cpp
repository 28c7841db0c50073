// Decoder-only Transformer language model (correct).
//
// Tricky negatives:
//  * Cloneable whose reset() clears `layers_` before rebuilding and
//    registering it, so clone() gets exactly its own N layers.
//  * `causal_mask_` is an unregistered tensor cache, recomputed in forward()
//    whenever the sequence length changes; it does not require grad.
//  * `pooler_` is a holder that stays nullptr and is never used (the pooled
//    classification head belongs to the encoder-classifier variant).
//  * forward() also returns the per-layer attention maps for visualisation;
//    train_step() logs them detached and leaves them out of the loss, which is
//    fine because every parameter that produces them also produces the logits.
#include <torch/torch.h>

#include <limits>
#include <string>
#include <tuple>
#include <vector>

namespace nn = torch::nn;

struct EncoderLayerImpl : nn::Cloneable<EncoderLayerImpl> {
  EncoderLayerImpl(int64_t d_model, int64_t num_heads, int64_t d_ff, double dropout)
      : d_model_(d_model), num_heads_(num_heads), d_ff_(d_ff), dropout_(dropout) {
    reset();
  }

  void reset() override {
    attn = register_module("attn", nn::MultiheadAttention(
                                       nn::MultiheadAttentionOptions(d_model_, num_heads_).dropout(dropout_)));
    norm1 = register_module("norm1", nn::LayerNorm(nn::LayerNormOptions({d_model_})));
    norm2 = register_module("norm2", nn::LayerNorm(nn::LayerNormOptions({d_model_})));
    ff1 = register_module("ff1", nn::Linear(d_model_, d_ff_));
    ff2 = register_module("ff2", nn::Linear(d_ff_, d_model_));
    drop = register_module("drop", nn::Dropout(dropout_));
  }

  // x: [T, B, D] -> (output [T, B, D], attention weights [B, T, T])
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x, const torch::Tensor& attn_mask) {
    auto h = norm1(x);
    auto [attended, weights] = attn->forward(h, h, h, /*key_padding_mask=*/{}, /*need_weights=*/true, attn_mask);
    x = x + drop(attended);
    x = x + drop(ff2(drop(torch::gelu(ff1(norm2(x))))));
    return {x, weights};
  }

  int64_t d_model_, num_heads_, d_ff_;
  double dropout_;
  nn::MultiheadAttention attn{nullptr};
  nn::LayerNorm norm1{nullptr}, norm2{nullptr};
  nn::Linear ff1{nullptr}, ff2{nullptr};
  nn::Dropout drop{nullptr};
};
TORCH_MODULE(EncoderLayer);

struct TransformerLMImpl : nn::Cloneable<TransformerLMImpl> {
  TransformerLMImpl(int64_t vocab, int64_t d_model, int64_t num_heads, int64_t num_layers, int64_t max_len)
      : vocab_(vocab), d_model_(d_model), num_heads_(num_heads), num_layers_(num_layers), max_len_(max_len) {
    reset();
  }

  void reset() override {
    tok_embed_ = register_module("tok_embed", nn::Embedding(vocab_, d_model_));
    pos_embed_ = register_module("pos_embed", nn::Embedding(max_len_, d_model_));
    layers_.clear();
    for (int64_t i = 0; i < num_layers_; ++i) {
      auto layer = EncoderLayer(d_model_, num_heads_, 4 * d_model_, 0.1);
      layers_.push_back(register_module("layer" + std::to_string(i), layer));
    }
    norm_ = register_module("norm", nn::LayerNorm(nn::LayerNormOptions({d_model_})));
    lm_head_ = register_module("lm_head", nn::Linear(d_model_, vocab_));
  }

  // tokens: [T, B] -> (logits [T, B, vocab], attention maps [layers, B, T, T])
  std::tuple<torch::Tensor, torch::Tensor> forward(const torch::Tensor& tokens) {
    const auto T = tokens.size(0);
    auto positions = torch::arange(T, tokens.options()).unsqueeze(1);
    auto x = tok_embed_(tokens) + pos_embed_(positions);
    if (!causal_mask_.defined() || causal_mask_.size(0) != T || causal_mask_.device() != x.device()) {
      causal_mask_ = torch::full({T, T}, -std::numeric_limits<float>::infinity(), x.options()).triu(1);
    }
    std::vector<torch::Tensor> maps;
    for (auto& layer : layers_) {
      auto [out, weights] = layer->forward(x, causal_mask_);
      x = out;
      maps.push_back(weights);
    }
    return {lm_head_(norm_(x)), torch::stack(maps)};
  }

  int64_t vocab_, d_model_, num_heads_, num_layers_, max_len_;
  nn::Embedding tok_embed_{nullptr}, pos_embed_{nullptr};
  std::vector<EncoderLayer> layers_;
  nn::LayerNorm norm_{nullptr};
  nn::Linear lm_head_{nullptr};
  nn::Linear pooler_{nullptr};  // unused in the LM variant; stays nullptr
  torch::Tensor causal_mask_;
};
TORCH_MODULE(TransformerLM);

// One next-token-prediction step. Returns the attention maps for the dashboard.
torch::Tensor train_step(TransformerLM& model, torch::optim::Optimizer& optimizer, const torch::Tensor& tokens) {
  model->train();
  optimizer.zero_grad();
  auto inputs = tokens.slice(0, 0, tokens.size(0) - 1);
  auto targets = tokens.slice(0, 1);
  auto [logits, attention] = model->forward(inputs);
  auto loss = torch::nn::functional::cross_entropy(logits.reshape({-1, logits.size(-1)}), targets.reshape({-1}));
  loss.backward();
  optimizer.step();
  return attention.detach();
}
