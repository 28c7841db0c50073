// nnlint torch stub: torch::nn::functional. Mirrors torch/csrc/api/include/torch/nn/functional/
// {activation,dropout,linear,normalization,batchnorm,conv,embedding,pooling,upsampling,loss}.h
// (public inline functions only; the real namespace functional::detail helpers are left out).
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "options.h"

namespace torch {
namespace nn {
namespace functional {

inline Tensor relu(Tensor input, const ReLUFuncOptions& options = {}) { return input; }
inline Tensor gelu(const Tensor& input, const GELUFuncOptions& options = {}) { return input; }
inline Tensor silu(const Tensor& input) { return input; }
inline Tensor leaky_relu(Tensor input, const LeakyReLUFuncOptions& options = {}) { return input; }
inline Tensor softmax(const Tensor& input, const SoftmaxFuncOptions& options) { return input; }
inline Tensor log_softmax(const Tensor& input, const LogSoftmaxFuncOptions& options) { return input; }
namespace detail {
inline Tensor dropout(Tensor input, double p, bool training, bool inplace) { return input; }
inline Tensor dropout2d(Tensor input, double p, bool training, bool inplace) { return input; }
inline Tensor dropout3d(Tensor input, double p, bool training, bool inplace) { return input; }
inline Tensor alpha_dropout(Tensor input, double p, bool training, bool inplace) { return input; }
inline Tensor feature_alpha_dropout(Tensor input, double p, bool training, bool inplace) { return input; }
}  // namespace detail
inline Tensor dropout(Tensor input, const DropoutFuncOptions& options = {}) { return input; }
inline Tensor dropout2d(Tensor input, const Dropout2dFuncOptions& options = {}) { return input; }
inline Tensor dropout3d(Tensor input, const Dropout3dFuncOptions& options = {}) { return input; }
inline Tensor alpha_dropout(Tensor input, const AlphaDropoutFuncOptions& options = {}) { return input; }
inline Tensor feature_alpha_dropout(Tensor input, const FeatureAlphaDropoutFuncOptions& options = {}) { return input; }
inline Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias = {}) { return input; }
inline Tensor layer_norm(const Tensor& input, const LayerNormFuncOptions& options) { return input; }
inline Tensor batch_norm(const Tensor& input, const Tensor& running_mean, const Tensor& running_var,
                         const BatchNormFuncOptions& options = {}) { return input; }
inline Tensor conv1d(const Tensor& input, const Tensor& weight, const Conv1dFuncOptions& options = {}) { return input; }
inline Tensor conv2d(const Tensor& input, const Tensor& weight, const Conv2dFuncOptions& options = {}) { return input; }
inline Tensor embedding(const Tensor& input, const Tensor& weight, const EmbeddingFuncOptions& options = {}) { return input; }
inline Tensor one_hot(const Tensor& tensor, int64_t num_classes = -1) { return tensor; }
inline Tensor avg_pool2d(const Tensor& input, const AvgPool2dFuncOptions& options) { return input; }
inline Tensor max_pool2d(const Tensor& input, const MaxPool2dFuncOptions& options) { return input; }
inline Tensor adaptive_avg_pool2d(const Tensor& input, const AdaptiveAvgPool2dFuncOptions& options) { return input; }
inline Tensor interpolate(const Tensor& input, const InterpolateFuncOptions& options = {}) { return input; }
inline Tensor mse_loss(const Tensor& input, const Tensor& target, const MSELossFuncOptions& options = {}) { return input; }
inline Tensor nll_loss(const Tensor& input, const Tensor& target, const NLLLossFuncOptions& options = {}) { return input; }
inline Tensor cross_entropy(const Tensor& input, const Tensor& target, const CrossEntropyFuncOptions& options = {}) { return input; }

}  // namespace functional
}  // namespace nn
}  // namespace torch
