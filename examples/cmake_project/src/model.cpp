// Construction of the keyword-spotting network: constructors and reset().
#include "kws/model.h"

namespace kws {

namespace nn = torch::nn;

TemporalBlockImpl::TemporalBlockImpl(int64_t channels, int64_t dilation)
    : channels_(channels), dilation_(dilation) {
  reset();
}

void TemporalBlockImpl::reset() {
  auto conv = [this] {
    return nn::Conv1d(nn::Conv1dOptions(channels_, channels_, 3).padding(dilation_).dilation(dilation_).bias(false));
  };
  conv1_ = register_module("conv1", conv());
  bn1_ = register_module("bn1", nn::BatchNorm1d(channels_));
  conv2_ = register_module("conv2", conv());
  bn2_ = register_module("bn2", nn::BatchNorm1d(channels_));
}

KwsNetImpl::KwsNetImpl(const KwsNetOptions& options) : options_(options) {
  reset();
  blocks_ = {block1_, block2_, block3_};
}

void KwsNetImpl::reset() {
  stem_ = register_module("stem", nn::Conv1d(nn::Conv1dOptions(options_.n_mels, options_.channels, 3).padding(1)));
  block1_ = register_module("block1", TemporalBlock(options_.channels, 1));
  block2_ = register_module("block2", TemporalBlock(options_.channels, 2));
  block3_ = register_module("block3", TemporalBlock(options_.channels, 4));
  dropout_ = register_module("dropout", nn::Dropout(options_.dropout));
  classifier_ = register_module("classifier", nn::Linear(options_.channels, options_.num_keywords));
}

}  // namespace kws
