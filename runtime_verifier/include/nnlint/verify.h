// nnlint runtime verifier: replicates a model the way torch::nn::parallel::data_parallel does,
// runs forward and backward on every replica under an operator observer, and reports which
// parameter a replica shares, misses or leaves on the wrong device. See docs/verifier.md.
#pragma once

#include "nnlint/report.h"

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace torch::optim {
class Optimizer;
}

namespace nnlint::verify {

struct Options {
  // Empty: all visible CUDA devices, or two CPU replicas when there is no CUDA device.
  std::vector<torch::Device> devices;
  // Loss of the (gathered) output. Empty: sum(output * R), R a fixed random projection per
  // feature (output.sum() is constant for normalised outputs). See docs/verifier.md.
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
  // The optimizer of the training step, if any: its state on devices[0] is counted in device 0's
  // extra memory (nn-runtime-device0-memory). Read only, never stepped.
  const torch::optim::Optimizer* optimizer = nullptr;
};

// General form. forward runs one replica on its shard (each input chunked along dim 0);
// loss turns the gathered outputs (or, with per_replica_loss, one replica's outputs) into a
// scalar. Empty loss: the fixed random projection of Options::loss, summed over all
// floating-point outputs.
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
// forward() of a holder's module on input 0.
template <class Holder>
ForwardFn forward_of() {
  return [](torch::nn::Module& m, const std::vector<torch::Tensor>& in) {
    return as_outputs(dynamic_cast<typename Holder::ContainedType&>(m).forward(in.at(0)));
  };
}
// A loss of output 0 as a LossFn; empty stays empty.
inline LossFn loss_of_first_output(const std::function<torch::Tensor(const torch::Tensor&)>& loss) {
  if (!loss) return {};
  return [loss](const std::vector<torch::Tensor>& out) { return loss(out.at(0)); };
}
}  // namespace detail

// model: a TORCH_MODULE holder of a Cloneable module whose forward takes one tensor and returns
// a tensor, a std::vector of tensors or a std::tuple of tensors.
template <class Holder>
Report check_replicas(Holder model, const torch::Tensor& batch, const Options& options = {}) {
  return check_module(model.ptr(), {batch}, detail::forward_of<Holder>(), detail::loss_of_first_output(options.loss),
                      options);
}

// ---------------------------------------------------------------------------------------------
// check_ranks: one process per device, as DistributedDataParallel trains. Collective: every rank
// calls it with its own model and its own shard, and every rank gets the same merged report.

// Sums `t` over all ranks in place, waiting at most `timeout`; throws on failure.
using AllReduceFn = std::function<void(torch::Tensor& t, std::chrono::milliseconds timeout)>;

// An AllReduceFn over a process group the program already has (c10d::ProcessGroupNCCL,
// ProcessGroupGloo, c10d::ProcessGroup or c10d::Backend, as an intrusive_ptr or shared_ptr).
template <class ProcessGroupPtr>
AllReduceFn all_reduce_through(ProcessGroupPtr group) {
  return [group](torch::Tensor& t, std::chrono::milliseconds timeout) {
    std::vector<torch::Tensor> tensors{t};
    auto work = group->allreduce(tensors);
    if (!work->wait(timeout)) throw std::runtime_error("the all-reduce did not finish in time");
  };
}

struct RankOptions {
  // Unset fields come from torchrun's variables: RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR,
  // MASTER_PORT. Without WORLD_SIZE the world is this one process (rank 0 of 1).
  std::optional<int> rank, world_size, local_rank;
  std::optional<std::string> master_addr;  // default 127.0.0.1
  std::optional<int> master_port;          // default 29500
  // This rank's device. Default: cuda:LOCAL_RANK (cuda:0 when the process sees one GPU) when the
  // batch or the model is on CUDA, else the CPU.
  std::optional<torch::Device> device;
  // Longest wait on another rank, in every exchange and collective. A rank that does not arrive
  // in time is reported by number instead of hanging the others.
  std::chrono::milliseconds timeout = std::chrono::seconds(60);
  // Loss of the rank's output. Empty: the fixed random projection of Options::loss.
  std::function<torch::Tensor(const torch::Tensor& output)> loss;
  // The gradient all-reduce. Empty: a process group made here (Gloo for CPU, NCCL for CUDA) over
  // the TCPStore at MASTER_ADDR:MASTER_PORT. all_reduce_through(pg) uses the program's own.
  AllReduceFn all_reduce;
  // Compare the parameters' values across ranks before the step (DDP broadcasts rank 0's).
  bool compare_initial_values = true;
};

// General form: forward runs the model on this rank's inputs; loss turns the outputs into a
// scalar (empty: the fixed random projection of Options::loss over all floating-point outputs).
Report check_ranks(const std::shared_ptr<torch::nn::Module>& model, const std::vector<torch::Tensor>& inputs,
                   const ForwardFn& forward, const LossFn& loss = {}, const RankOptions& options = {});

// model: a TORCH_MODULE holder whose forward takes one tensor and returns a tensor, a vector or
// a tuple of tensors.
template <class Holder>
Report check_ranks(Holder model, const torch::Tensor& local_batch, const RankOptions& options = {}) {
  return check_ranks(model.ptr(), {local_batch}, detail::forward_of<Holder>(),
                     detail::loss_of_first_output(options.loss), options);
}

}  // namespace nnlint::verify
