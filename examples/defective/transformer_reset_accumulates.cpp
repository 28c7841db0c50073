// Decoder-only Transformer language model (defective).
//
// The model is Cloneable and (correctly) registers its layers in reset(), but
// reset() appends the layers to `layers_` without clearing it first.
// Cloneable::clone() copy-constructs the model (the copy's layers_ already
// holds the original's N layers) and then calls reset() on the copy, which
// appends N more: the clone runs 2N layers, the first N of them shared with
// the original model.
#include <torch/torch.h>

#include <limits>
#include <string>
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

  // x: [T, B, D] (sequence first, as nn::MultiheadAttention expects)
  torch::Tensor forward(torch::Tensor x, const torch::Tensor& attn_mask) {
    auto h = norm1(x);
    auto attended = std::get<0>(attn->forward(h, h, h, /*key_padding_mask=*/{}, /*need_weights=*/false, attn_mask));
    x = x + drop(attended);
    return x + drop(ff2(drop(torch::gelu(ff1(norm2(x))))));
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
    for (int64_t i = 0; i < num_layers_; ++i) {
      auto layer = EncoderLayer(d_model_, num_heads_, 4 * d_model_, 0.1);
      layers_.push_back(register_module("layer" + std::to_string(i), layer));  // DEFECT(nn-reset-accumulates): reset() appends to layers_ without clearing it first
    }
    norm_ = register_module("norm", nn::LayerNorm(nn::LayerNormOptions({d_model_})));
    lm_head_ = register_module("lm_head", nn::Linear(d_model_, vocab_));
  }

  // tokens: [T, B] -> logits [T, B, vocab]
  torch::Tensor forward(const torch::Tensor& tokens) {
    const auto T = tokens.size(0);
    auto positions = torch::arange(T, tokens.options()).unsqueeze(1);
    auto x = tok_embed_(tokens) + pos_embed_(positions);
    auto mask = torch::full({T, T}, -std::numeric_limits<float>::infinity(), x.options()).triu(1);
    for (auto& layer : layers_) {
      x = layer->forward(x, mask);
    }
    return lm_head_(norm_(x));
  }

  int64_t vocab_, d_model_, num_heads_, num_layers_, max_len_;
  nn::Embedding tok_embed_{nullptr}, pos_embed_{nullptr};
  std::vector<EncoderLayer> layers_;
  nn::LayerNorm norm_{nullptr};
  nn::Linear lm_head_{nullptr};
};
TORCH_MODULE(TransformerLM);
