// Keyword-spotting network: a 1-D temporal CNN over log-mel features
// (TC-ResNet-like). Declared here; constructed in src/model.cpp, run in
// src/forward.cpp.
//
// Both modules are Cloneable because training keeps an exponential moving
// average (EMA) copy of the network made with clone() (see src/main.cpp).
#pragma once

#include <torch/torch.h>

#include <vector>

namespace kws {

struct KwsNetOptions {
  int64_t n_mels = 40;
  int64_t channels = 64;
  int64_t num_keywords = 12;
  double dropout = 0.1;
};

// Residual block: two dilated 1-D convolutions with batch norm.
class TemporalBlockImpl : public torch::nn::Cloneable<TemporalBlockImpl> {
 public:
  TemporalBlockImpl(int64_t channels, int64_t dilation);
  void reset() override;
  torch::Tensor forward(const torch::Tensor& x);

 private:
  int64_t channels_, dilation_;
  torch::nn::Conv1d conv1_{nullptr}, conv2_{nullptr};
  torch::nn::BatchNorm1d bn1_{nullptr}, bn2_{nullptr};
};
TORCH_MODULE(TemporalBlock);

class KwsNetImpl : public torch::nn::Cloneable<KwsNetImpl> {
 public:
  explicit KwsNetImpl(const KwsNetOptions& options);
  void reset() override;
  // features: [B, n_mels, T] -> keyword logits [B, num_keywords]
  torch::Tensor forward(const torch::Tensor& features);

 private:
  KwsNetOptions options_;
  torch::nn::Conv1d stem_{nullptr};
  TemporalBlock block1_{nullptr}, block2_{nullptr}, block3_{nullptr};
  std::vector<TemporalBlock> blocks_;  // DEFECT(nn-container-alias): filled in the constructor (src/model.cpp) after reset(), so clone() copies run the original blocks
  torch::nn::Dropout dropout_{nullptr};
  torch::nn::Linear classifier_{nullptr};
};
TORCH_MODULE(KwsNet);

}  // namespace kws
