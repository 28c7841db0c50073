// Forward passes of the keyword-spotting network.
#include "kws/model.h"

namespace kws {

torch::Tensor TemporalBlockImpl::forward(const torch::Tensor& x) {
  auto h = torch::relu(bn1_(conv1_(x)));
  h = bn2_(conv2_(h));
  return torch::relu(x + h);
}

torch::Tensor KwsNetImpl::forward(const torch::Tensor& features) {
  auto x = torch::relu(stem_(features));
  for (auto& block : blocks_) {
    x = block(x);
  }
  x = x.mean(/*dim=*/2);  // global average over time
  return classifier_(dropout_(x));
}

}  // namespace kws
