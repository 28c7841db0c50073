// TAGS: nn-conditional-parameter, compound-guard
#include <torch/torch.h>
#include <tuple>

// The auxiliary head is registered only when enabled and used in training only
// when enabled; at evaluation it is skipped.
struct InceptionLiteImpl : torch::nn::Module {
  InceptionLiteImpl(int64_t dim, bool aux_logits) : aux_logits_(aux_logits) {
    body_ = register_module("body", torch::nn::Linear(dim, dim));
    fc_ = register_module("fc", torch::nn::Linear(dim, 10));
    if (aux_logits) aux_ = register_module("aux", torch::nn::Linear(dim, 10));
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(body_(x));
    torch::Tensor aux_out;
    if (aux_logits_ && is_training()) aux_out = aux_(h);
    return {fc_(h), aux_out};
  }
  bool aux_logits_;
  torch::nn::Linear body_{nullptr}, fc_{nullptr}, aux_{nullptr};
};
TORCH_MODULE(InceptionLite);
