// nnlint runtime verifier: replicates a model the way torch::nn::parallel::data_parallel does,
// runs forward and backward on every replica under an operator observer, and reports which
// parameter a replica shares, misses or leaves on the wrong device. See docs/verifier.md.
#pragma once

#include "nnlint/report.h"

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

#include <functional>
#include <memory>
#include <tuple>
#include <vector>

namespace nnlint::verify {

struct Options {
  // Empty: all visible CUDA devices, or two CPU replicas when there is no CUDA device.
  std::vector<torch::Device> devices;
  // Loss of the (gathered) output. Empty: output.sum().
  std::function<torch::Tensor(const torch::Tensor& output)> loss;

  // false: like data_parallel, outputs are gathered on devices[0] and one loss is taken, so the
  //        replicas' gradients must add up to the whole batch's gradient.
  // true:  like DistributedDataParallel, each replica takes the loss of its own output and the
  //        gradients are averaged; a mean loss over uneven shards then differs from the whole batch.
  bool per_replica_loss = false;
  // Replicas agree with the whole batch when, per parameter, |combined - whole| <= rtol*|whole| + atol
  // (L2 norms). 1e-3 leaves room for TF32 convolutions and reduction order across devices.
  double grad_rtol = 1e-3;
  double grad_atol = 1e-6;
  // Compare the replicas' combined gradient with the whole batch on devices[0] (costs one
  // extra forward and backward of the whole batch).
  bool compare_gradients = true;
};

// General form. forward runs one replica on its shard (each input chunked along dim 0);
// loss turns the gathered outputs (or, with per_replica_loss, one replica's outputs) into a
// scalar. Empty loss: the sum of all floating-point outputs.
using ForwardFn = std::function<std::vector<torch::Tensor>(torch::nn::Module& replica,
                                                           const std::vector<torch::Tensor>& shard)>;
using LossFn = std::function<torch::Tensor(const std::vector<torch::Tensor>& outputs)>;

Report check_module(const std::shared_ptr<torch::nn::Module>& model,
                    const std::vector<torch::Tensor>& inputs, const ForwardFn& forward,
                    const LossFn& loss = {}, const Options& options = {});

namespace detail {
inline std::vector<torch::Tensor> as_outputs(torch::Tensor t) { return {std::move(t)}; }
inline std::vector<torch::Tensor> as_outputs(std::vector<torch::Tensor> v) { return v; }
template <class... T>
std::vector<torch::Tensor> as_outputs(std::tuple<T...> t) {
  return std::apply([](auto&... x) { return std::vector<torch::Tensor>{x...}; }, t);
}
}  // namespace detail

// model: a TORCH_MODULE holder of a Cloneable module whose forward takes one tensor and returns
// a tensor, a std::vector of tensors or a std::tuple of tensors.
template <class Holder>
Report check_replicas(Holder model, const torch::Tensor& batch, const Options& options = {}) {
  using Impl = typename Holder::ContainedType;
  ForwardFn forward = [](torch::nn::Module& replica, const std::vector<torch::Tensor>& shard) {
    return detail::as_outputs(dynamic_cast<Impl&>(replica).forward(shard.at(0)));
  };
  LossFn loss;
  if (options.loss)
    loss = [f = options.loss](const std::vector<torch::Tensor>& out) { return f(out.at(0)); };
  return check_module(model.ptr(), {batch}, forward, loss, options);
}

}  // namespace nnlint::verify
