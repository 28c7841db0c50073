// check_module: the order of the checks. Preconditions, then replicate + scatter, then each
// replica's forward and backward under its own observer, then gradient flow, then the
// cross-replica comparison with the whole batch.
#include "nnlint/verify.h"

#include "backend.h"
#include "buffer_updates.h"
#include "mebibytes.h"
#include "device0_memory.h"
#include "errors.h"
#include "gpu_facts.h"
#include "nonfinite.h"
#include "optimizer_state.h"
#include "replication_cost.h"
#include "observer.h"
#include "rules.h"
#include "steps.h"
#include "module_state.h"
#include "training_modes.h"

#include <ATen/Parallel.h>
#include <torch/autograd.h>
#include <torch/cuda.h>
#include <torch/utils.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <map>
#include <optional>
#include <set>
#include <thread>

namespace nnlint::verify {
namespace detail {
namespace {

using Tensors = std::vector<torch::Tensor>;

// Runs body(r) for every replica on a thread of its own, as data_parallel's parallel_apply
// does; returns each replica's error message ("" when it succeeded).
template <class Body>
std::vector<std::string> on_each_replica(size_t replicas, Body body) {
  std::vector<std::string> errors(replicas);
  std::vector<std::thread> threads;
  for (size_t r = 0; r < replicas; ++r)
    threads.emplace_back([&, r] {
      try {
        body(r);
      } catch (...) {
        errors[r] = current_exception_line();
      }
    });
  for (std::thread& t : threads) t.join();
  return errors;
}

// CUDA work is asynchronous: a time is taken only after the devices finished.
void sync(const std::vector<torch::Device>& devices) {
  for (const torch::Device& d : devices)
    if (d.is_cuda()) torch::cuda::synchronize(d.index());
}

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Bytes the caching allocator holds on a CUDA device now; 0 elsewhere.
int64_t allocated_on(const torch::Device& d) {
  if (!d.is_cuda()) return 0;
  for (const GpuMemory& m : gpu_memory())
    if (m.index == d.index()) return m.current;
  return 0;
}

// Chunks every input along dim 0 as data_parallel's scatter does (the last chunk may be
// smaller, and there may be fewer chunks than devices).
std::vector<Tensors> scatter(const Tensors& inputs, const std::vector<torch::Device>& devices) {
  size_t replicas = devices.size();
  std::vector<Tensors> chunks;
  for (const torch::Tensor& in : inputs) {
    chunks.push_back(in.dim() == 0 ? Tensors(devices.size(), in) : in.chunk(static_cast<int64_t>(devices.size())));
    replicas = std::min(replicas, chunks.back().size());
  }
  std::vector<Tensors> shards(replicas);
  for (size_t r = 0; r < replicas; ++r)
    for (const Tensors& c : chunks) shards[r].push_back(c[r].to(devices[r]));
  return shards;
}

// Output i of every replica, moved to `device` and joined along dim 0.
Tensors gather(const std::vector<Tensors>& outputs, const torch::Device& device) {
  Tensors gathered;
  for (size_t i = 0; i < outputs[0].size(); ++i) {
    Tensors parts;
    for (const Tensors& o : outputs) parts.push_back(o.at(i).to(device));
    gathered.push_back(parts[0].dim() == 0 ? torch::stack(parts) : torch::cat(parts));
  }
  return gathered;
}

Tensors whole_inputs(const Tensors& inputs, const torch::Device& at) {
  Tensors out;
  for (const torch::Tensor& in : inputs) out.push_back(in.to(at));
  return out;
}

void add_owners(OwnerMap& owners, const torch::nn::Module& m, int replica) {
  for (const auto& p : m.named_parameters())
    if (p.value().defined()) owners[p.value().storage().unsafeGetStorageImpl()] = {replica, p.key(), false};
  for (const auto& b : m.named_buffers())
    if (b.value().defined()) owners[b.value().storage().unsafeGetStorageImpl()] = {replica, b.key(), true};
}

void step_failed(Report& report, int replica, const std::string& device, const std::string& phase,
                 const std::string& error) {
  Finding f;
  f.rule = rules::kStepFailed;
  f.replica = replica;
  f.device = device;
  f.message = (replica >= 0 ? "replica " + std::to_string(replica) + " (" + device + ")" : std::string("the step")) +
              ": " + phase + " threw: " + error;
  report.findings.push_back(f);
}

void report_memory(const Backend& backend, const std::vector<torch::Device>& devices, Report& report) {
  std::vector<int64_t> peak = backend.peak_memory();
  if (peak.empty()) return;
  std::string all;
  double others = 0;
  for (size_t r = 0; r < peak.size(); ++r) {
    all += (r ? ", " : "") + devices[r].str() + " " + mib(peak[r]);
    if (r > 0) others += static_cast<double>(peak[r]) / static_cast<double>(peak.size() - 1);
  }
  report.add_info("peak memory", all);
  if (peak.size() > 1) {
    // Outputs and the loss are gathered on device 0, so it peaks higher than the others.
    std::string extra = mib(static_cast<int64_t>(static_cast<double>(peak[0]) - others)) + " over the mean of the others";
    if (others >= (1 << 20)) {
      char buf[32];
      std::snprintf(buf, sizeof buf, " (%+.1f%%)", 100.0 * (static_cast<double>(peak[0]) - others) / others);
      extra += buf;
    }
    report.add_info("device 0 memory", extra);
  }
}

}  // namespace
}  // namespace detail

namespace detail {
namespace {

// One replicated step: each replica's observed forward and backward.
struct ReplicaStep {
  std::vector<std::shared_ptr<torch::nn::Module>> copies;
  std::vector<std::unique_ptr<ReplicaObserver>> observers;
  std::vector<Tensors> outputs;
  std::vector<std::string> errors;  // per replica, "" when it succeeded
  std::vector<int64_t> forward_ops;
  std::vector<std::pair<size_t, size_t>> diff_at;  // (replica, output) of outputs that require grad
  Tensors out_grads;                               // d loss / d output, one per diff_at
  std::string loss_error;
  Gradients grads;
  // What it cost: each clone, then the replicas' forward, loss and backward; the bytes the
  // gathered outputs and the loss took on devices[0] (CUDA only).
  std::vector<double> clone_ms;
  double replicas_ms = -1;
  int64_t gathered_bytes = 0, loss_bytes = 0;

  bool ok() const {
    return loss_error.empty() && std::all_of(errors.begin(), errors.end(), [](const std::string& e) { return e.empty(); });
  }
  std::map<std::string, int64_t> random_ops() const {
    std::map<std::string, int64_t> all;
    for (const auto& o : observers)
      for (const auto& [op, n] : o->random_ops()) all[op] += n;
    return all;
  }
};

// Replicates, runs every replica's forward as data_parallel's parallel_apply does (at::parallel_for,
// no device guard: a tensor made on a device without an index lands on the thread's current
// device), takes the loss of the gathered outputs, and each replica's gradients. False (with a
// finding) when a clone fails.
bool run_replicas(const std::shared_ptr<torch::nn::Module>& model, const std::vector<Tensors>& shards,
                  const std::vector<torch::Device>& devices, const ForwardFn& forward, const LossFn& loss,
                  const Options& options, ReplicaStep& step, OwnerMap& owners, Report& report) {
  const size_t replicas = shards.size();
  step.copies.resize(replicas);
  for (size_t r = 0; r < replicas; ++r) {
    try {
      sync({devices[r]});
      const auto start = std::chrono::steady_clock::now();
      step.copies[r] = model->clone(devices[r]);
      sync({devices[r]});
      step.clone_ms.push_back(ms_since(start));
    } catch (...) {
      step_failed(report, static_cast<int>(r), devices[r].str(), "clone()", current_exception_line());
      return false;
    }
  }
  owners.clear();
  add_owners(owners, *model, -1);
  for (size_t r = 0; r < replicas; ++r) add_owners(owners, *step.copies[r], static_cast<int>(r));
  for (size_t r = 0; r < replicas; ++r)
    step.observers.push_back(std::make_unique<ReplicaObserver>(static_cast<int>(r), devices[r], owners));

  step.outputs.assign(replicas, {});
  step.errors.assign(replicas, "");
  const auto step_start = std::chrono::steady_clock::now();
  at::parallel_for(0, static_cast<int64_t>(replicas), 1, [&](int64_t begin, int64_t end) {
    for (int64_t r = begin; r < end; ++r) {
      try {
        torch::AutoGradMode grad_mode(true);
        ReplicaObserver::Scope observe(*step.observers[r]);
        step.outputs[r] = forward(*step.copies[r], shards[r]);
      } catch (...) {
        step.errors[r] = current_exception_line();
      }
    }
  });
  for (const auto& o : step.observers) step.forward_ops.push_back(o->ops_seen());

  // Loss, unobserved: gradient of the loss with respect to every replica's outputs.
  if (step.ok()) {
    try {
      Tensors losses, diff_outputs;
      double weight = 1.0;
      if (options.per_replica_loss) {
        for (const Tensors& o : step.outputs) losses.push_back(loss(o));
        weight = 1.0 / static_cast<double>(replicas);
      } else {
        const int64_t before = allocated_on(devices[0]);
        const Tensors gathered = gather(step.outputs, devices[0]);
        for (const torch::Tensor& g : gathered) step.gathered_bytes += static_cast<int64_t>(g.nbytes());
        losses.push_back(loss(gathered));
        step.loss_bytes = std::max<int64_t>(0, allocated_on(devices[0]) - before - step.gathered_bytes);
      }
      for (size_t r = 0; r < replicas; ++r)
        for (size_t i = 0; i < step.outputs[r].size(); ++i)
          if (step.outputs[r][i].defined() && step.outputs[r][i].requires_grad()) {
            step.diff_at.emplace_back(r, i);
            diff_outputs.push_back(step.outputs[r][i]);
          }
      Tensors weights;
      for (const torch::Tensor& l : losses) weights.push_back(torch::full_like(l, weight));
      if (!diff_outputs.empty())
        step.out_grads = torch::autograd::grad(losses, diff_outputs, weights, false, false, /*allow_unused=*/true);
    } catch (...) {
      step.loss_error = current_exception_line();
    }
  }

  // Backward, observed: each replica's own parameters only, nothing accumulates in .grad. The
  // autograd engine runs a device's work on that device, as it does after data_parallel.
  for (const auto& [name, p] : trainable(*model)) {
    step.grads.names.push_back(name);
    step.grads.numel.push_back(p.numel());
  }
  step.grads.of.assign(replicas, Tensors(step.grads.names.size()));
  if (!step.ok()) return true;
  std::vector<std::string> backward_errors = on_each_replica(replicas, [&](size_t r) {
    Tensors outs, gouts;
    for (size_t j = 0; j < step.diff_at.size(); ++j)
      if (step.diff_at[j].first == r && step.out_grads[j].defined()) {
        outs.push_back(step.outputs[r][step.diff_at[j].second]);
        gouts.push_back(step.out_grads[j]);
      }
    auto params = trainable(*step.copies[r]);
    if (outs.empty() || params.empty()) return;
    Tensors leaves;
    for (const auto& p : params) leaves.push_back(p.second);
    c10::DeviceGuard guard(devices[r]);
    ReplicaObserver::Scope observe(*step.observers[r]);
    Tensors g = torch::autograd::grad(outs, leaves, gouts, false, false, /*allow_unused=*/true);
    for (size_t k = 0; k < params.size(); ++k) {
      auto it = std::find(step.grads.names.begin(), step.grads.names.end(), params[k].first);
      if (it != step.grads.names.end()) step.grads.of[r][it - step.grads.names.begin()] = g[k];
    }
  });
  for (size_t r = 0; r < replicas; ++r)
    if (!backward_errors[r].empty()) step.errors[r] = backward_errors[r];
  sync(devices);
  step.replicas_ms = ms_since(step_start);
  return true;
}

// The whole batch on the model itself (already where it lives; another clone() would cost more
// than the step, since clone() re-runs reset()). Its buffers (BatchNorm statistics) are restored
// afterwards, and autograd::grad leaves its .grad alone.
struct WholeBatch {
  Tensors outputs;
  Tensors grads;  // one per name of `names`, undefined: none
};
WholeBatch run_whole_batch(torch::nn::Module& model, const Tensors& inputs, const torch::Device& at,
                           const ForwardFn& forward, const LossFn& loss, const std::vector<std::string>& names) {
  BufferRestore restore(model);
  WholeBatch whole;
  whole.outputs = forward(model, whole_inputs(inputs, at));
  torch::Tensor whole_loss = loss(whole.outputs);
  auto params = trainable(model);
  Tensors leaves;
  for (const auto& p : params) leaves.push_back(p.second);
  whole.grads.assign(names.size(), torch::Tensor());
  Tensors g = torch::autograd::grad({whole_loss}, leaves, {}, false, false, /*allow_unused=*/true);
  for (size_t k = 0; k < params.size(); ++k) {
    auto it = std::find(names.begin(), names.end(), params[k].first);
    if (it != names.end()) whole.grads[it - names.begin()] = g[k];
  }
  return whole;
}

// True when some floating-point output of a part of the batch (its first rows) differs from the
// same rows of the whole batch's output beyond rtol (relative L2) and atol.
bool differs_from_whole(const Tensors& part, const Tensors& whole, double rtol, double atol) {
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < std::min(part.size(), whole.size()); ++i) {
    const torch::Tensor &p = part[i], &w = whole[i];
    if (!p.defined() || !w.defined() || !p.is_floating_point() || p.dim() == 0 || p.dim() != w.dim() ||
        p.size(0) > w.size(0))
      continue;
    torch::Tensor rows = w.narrow(0, 0, p.size(0)).to(p.device(), torch::kDouble);
    if (rows.sizes() != p.sizes()) continue;
    const double diff = (p.to(torch::kDouble) - rows).norm().item<double>();
    if (diff > rtol * rows.norm().item<double>() + atol) return true;
  }
  return false;
}

std::string labels(const torch::nn::Module& model, const std::set<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + module_label(model, n);
  return out;
}

std::string op_list(const std::map<std::string, int64_t>& ops) {
  std::string out;
  for (const auto& [op, n] : ops) out += (out.empty() ? "" : ", ") + op + " x" + std::to_string(n);
  return out;
}

// Random draws and batch statistics make the replicas differ from the whole batch by design.
// Names the modules responsible, and returns those to put in eval mode for a meaningful
// comparison; nullopt (with an info line) when no choice of modules makes one.
std::optional<std::set<std::string>> explain_shard_differences(TrainingFlags& flags, const ShardSources& found,
                                                               const torch::nn::Module& model, Report& report) {
  if (!found.random_in_eval.empty()) {
    report.add_info("gradient comparison",
                    "skipped: forward() draws random numbers with every module in eval mode (" +
                        op_list(found.random_in_eval) + "), so the shards cannot match the whole batch");
    return std::nullopt;
  }
  if (found.coupled_in_eval) {
    report.add_info("gradient comparison",
                    "skipped: with every module in eval mode, a shard's outputs still differ from the same samples' "
                    "in the whole batch: forward() couples the samples (a reduction over the batch dimension), "
                    "so each replica computes with its own shard's statistics by design");
    return std::nullopt;
  }
  if (!found.each_tried) {
    report.add_info("modules in training mode", std::to_string(found.candidates) + " (more than " +
                                                     std::to_string(kMaxModulesTried) +
                                                     " to try one by one): all compared in eval mode");
    return std::set<std::string>(flags.training().begin(), flags.training().end());
  }
  for (const auto& [name, ops] : found.random)
    report.add_info("random draws", module_label(model, name) + " draws random numbers in training mode (" + ops +
                                        "): replicas and the whole batch draw differently");
  if (!found.batch_coupled.empty())
    report.add_info("batch statistics", labels(model, found.batch_coupled) +
                                            ": in training mode each replica normalises its shard with the shard's "
                                            "own statistics, so per-shard results differ from the whole batch's by design");
  return found.modules();
}

// Report lines about one replicated step, in the order the checks run.
void report_step(const ReplicaStep& step, const std::vector<torch::Device>& devices,
                 std::set<std::pair<int, std::string>>& observed, Report& report) {
  std::string op_counts;
  for (size_t r = 0; r < step.observers.size(); ++r) {
    for (Finding& f : step.observers[r]->findings()) {
      observed.insert({f.replica, f.parameter});
      report.findings.push_back(std::move(f));
    }
    op_counts += (r ? ", " : "") + std::to_string(step.forward_ops[r]) + " forward + " +
                 std::to_string(step.observers[r]->ops_seen() - step.forward_ops[r]) + " backward";
  }
  report.add_info("ops observed per replica", op_counts);
  for (size_t r = 0; r < step.errors.size(); ++r)
    if (!step.errors[r].empty()) step_failed(report, static_cast<int>(r), devices[r].str(), "forward/backward", step.errors[r]);
  if (!step.loss_error.empty()) step_failed(report, -1, "", "the loss", step.loss_error);
}

void report_outputs_not_in_loss(const ReplicaStep& step, Report& report) {
  for (size_t i = 0; i < step.outputs[0].size(); ++i) {
    bool differentiable = false, reached = false;
    for (size_t j = 0; j < step.diff_at.size(); ++j)
      if (step.diff_at[j].second == i) {
        differentiable = true;
        reached = reached || step.out_grads[j].defined();
      }
    if (!differentiable || reached) continue;
    Finding f;
    f.rule = rules::kOutputNotInLoss;
    f.message = "output " + std::to_string(i) + " of forward() (" + c10::str(step.outputs[0][i].sizes()) +
                " on replica 0) requires grad but does not reach the loss";
    report.findings.push_back(f);
  }
}

int64_t bytes_on(const std::vector<torch::Tensor>& tensors, const torch::Device& d) {
  int64_t total = 0;
  for (const torch::Tensor& t : tensors)
    if (t.defined() && t.device() == d) total += static_cast<int64_t>(t.nbytes());
  return total;
}

// Device 0's extra memory in training, part by part; held_before from what each device held
// when the step began.
DeviceZeroParts device_zero_parts(const torch::nn::Module& model, const ReplicaStep& step,
                                  const std::vector<torch::Device>& used, const std::vector<int64_t>& start,
                                  const std::vector<int64_t>& peak, const Options& options) {
  DeviceZeroParts parts;
  for (const torch::Device& d : used) parts.devices.push_back(d.str());
  parts.peak = peak;
  const torch::Device& d0 = used[0];
  Tensors tensors, trainable_params, grads;
  for (const torch::Tensor& p : model.parameters()) {
    tensors.push_back(p);
    if (p.requires_grad()) trainable_params.push_back(p);
    if (p.grad().defined()) grads.push_back(p.grad());
  }
  for (const torch::Tensor& b : model.buffers()) tensors.push_back(b);
  parts.model = bytes_on(tensors, d0);
  parts.gradients = bytes_on(trainable_params, d0);
  parts.gathered = step.gathered_bytes;
  parts.loss = step.loss_bytes;
  int64_t optimizer_held = 0;
  if (options.optimizer) {
    const OptimizerState state = optimizer_state(*options.optimizer, d0);
    parts.optimizer = state.bytes;
    parts.optimizer_kind = state.kind.empty() ? "unknown kind, not counted" : state.kind;
    optimizer_held = state.allocated ? state.bytes : 0;
  }
  double others = 0;
  for (size_t d = 1; d < start.size(); ++d) others += static_cast<double>(start[d]) / static_cast<double>(start.size() - 1);
  parts.held_before = std::max<int64_t>(
      0, start[0] - parts.model - bytes_on(grads, d0) - optimizer_held - static_cast<int64_t>(others));
  return parts;
}

// What the step costs, measured on CUDA devices only (CPU replicas are a test mode).
struct Costs {
  StepTimes times;
  DeviceZeroParts memory;
  bool measured = false;
};

Report check_step(const std::shared_ptr<torch::nn::Module>& model, const std::vector<torch::Tensor>& inputs,
                  const ForwardFn& forward, const LossFn& loss_fn, const Options& options, Costs& costs) {
  Report report;
  if (!model) {
    step_failed(report, -1, "", "the check", "no model was given (null module)");
    return report;
  }
  if (empty_batch(inputs, report, "the batch")) return report;
  torch::AutoGradMode grad_mode(true);
  const std::vector<torch::Device> devices = resolve_devices(options.devices);
  std::string device_list;
  for (const auto& d : devices) device_list += (device_list.empty() ? "" : ", ") + d.str();
  report.add_info("devices", device_list);
  if (!check_devices(devices, report)) return report;
  describe_placement(*model, devices, report);

  const LossFn loss = loss_fn ? loss_fn : LossFn(default_loss);
  const std::vector<Tensors> shards = scatter(inputs, devices);
  const size_t replicas = shards.size();
  // Like data_parallel, use only as many devices as there are shards (collectives need them all).
  const std::vector<torch::Device> used(devices.begin(), devices.begin() + static_cast<std::ptrdiff_t>(replicas));
  std::unique_ptr<Backend> backend = make_backend(used);
  for (auto& [k, v] : backend->describe()) report.add_info(k, v);
  std::string sizes;
  for (const Tensors& s : shards) sizes += (sizes.empty() ? "" : ", ") + std::to_string(s.at(0).dim() ? s[0].size(0) : 1);
  report.add_info("shards", sizes + (replicas < devices.size() ? " (fewer samples than devices)" : ""));

  std::vector<int64_t> start;
  for (const torch::Device& d : used) start.push_back(allocated_on(d));
  backend->reset_peak_memory();
  ReplicaStep step;
  OwnerMap owners;
  if (!run_replicas(model, shards, devices, forward, loss, options, step, owners, report)) return report;
  report_memory(*backend, used, report);
  costs.measured = used.size() > 1 && used[0].is_cuda();
  if (costs.measured) {
    for (const torch::Device& d : used) costs.times.devices.push_back(d.str());
    costs.times.clone_ms = step.clone_ms;
    costs.times.replicas_ms = step.replicas_ms;
    costs.memory = device_zero_parts(*model, step, used, start, backend->peak_memory(), options);
  }
  std::set<std::pair<int, std::string>> observed;  // (replica, parameter) already explained
  report_step(step, devices, observed, report);
  // With one device data_parallel runs the model itself; with several, clones whose buffers it drops.
  if (devices.size() > 1) report_lost_buffer_updates(*model, step.copies, report);
  if (!step.ok()) return report;
  report_outputs_not_in_loss(step, report);

  torch::Tensor combined = reduce_gradients(step.grads, used, *backend, observed, report);
  const Gradients& grads = step.grads;
  const torch::Device at = model_device(*model).value_or(devices[0]);
  // The whole batch on one device, timed: what the step would cost without data_parallel.
  auto whole_batch = [&] {
    sync({at});
    const auto start_whole = std::chrono::steady_clock::now();
    WholeBatch whole = run_whole_batch(*model, inputs, at, forward, loss, step.grads.names);
    sync({at});
    costs.times.one_device_ms = ms_since(start_whole);
    return whole;
  };
  // Where a NaN or Inf appeared: the input, or the first op that made one on the whole batch.
  Tensors produced;
  for (const Tensors& o : step.outputs) produced.insert(produced.end(), o.begin(), o.end());
  for (const Tensors& g : grads.of) produced.insert(produced.end(), g.begin(), g.end());
  if (first_non_finite(produced) >= 0) {
    report_non_finite(report, inputs, -1, [&] { run_whole_batch(*model, inputs, at, forward, loss, grads.names); });
    return report;
  }
  if (!options.compare_gradients) return report;
  if (grads.names.empty()) {
    report.add_info("gradient comparison", "skipped: the model has no trainable parameters");
    return report;
  }
  // Buffer updates are dropped by design of data_parallel and change nothing in this step.
  if (std::any_of(report.findings.begin(), report.findings.end(),
                  [](const Finding& f) { return f.rule != rules::kLostBufferUpdate; })) {
    report.add_info("gradient comparison", "skipped: the findings above already explain any difference");
    return report;
  }
  try {
    WholeBatch whole = whole_batch();
    const std::map<std::string, int64_t> random = step.random_ops();
    if (random.empty() && !differs_from_whole(gather(step.outputs, at), whole.outputs, options.grad_rtol, options.grad_atol)) {
      compare_with_whole_batch(grads, combined, whole.grads, options, report);
      return report;
    }
    // Random draws or batch statistics: find the modules responsible, then compare again with
    // them in eval mode. A probe is one forward of shard 0 and one of the whole batch.
    TrainingFlags flags(*model);
    Tensors shard0;
    for (const torch::Tensor& s : shards[0]) shard0.push_back(s.to(at));
    const OwnerMap nobody;
    ShardSources found = find_shard_sources(flags, [&] {
      torch::NoGradGuard no_grad;
      BufferRestore restore(*model);
      ReplicaObserver observer(0, at, nobody);
      ProbeResult result;
      Tensors part, all;
      {
        ReplicaObserver::Scope observe(observer);
        part = forward(*model, shard0);
        all = forward(*model, whole_inputs(inputs, at));
      }
      result.random_ops = observer.random_ops();
      result.shard_differs = replicas > 1 && differs_from_whole(part, all, options.grad_rtol, options.grad_atol);
      return result;
    });
    std::optional<std::set<std::string>> eval = explain_shard_differences(flags, found, *model, report);
    if (!eval) return report;
    flags.set_eval(*eval);
    ReplicaStep again;
    OwnerMap again_owners;
    Report scratch;  // the first step already reported what the replicas showed
    if (!run_replicas(model, shards, devices, forward, loss, options, again, again_owners, scratch) || !again.ok()) {
      report.add_info("gradient comparison", "skipped: the step failed with " + labels(*model, *eval) + " in eval mode");
      return report;
    }
    torch::Tensor combined_again = reduce_gradients(again.grads, used, *backend, observed, scratch);
    WholeBatch whole_again = whole_batch();
    report.add_info("compared in eval mode", labels(*model, *eval));
    compare_with_whole_batch(again.grads, combined_again, whole_again.grads, options, report);
  } catch (...) {
    step_failed(report, -1, devices[0].str(), "the whole-batch reference step", current_exception_line());
  }
  return report;
}

Report check_module_unguarded(const std::shared_ptr<torch::nn::Module>& model, const std::vector<torch::Tensor>& inputs,
                              const ForwardFn& forward, const LossFn& loss_fn, const Options& options) {
  Costs costs;
  Report report = check_step(model, inputs, forward, loss_fn, options, costs);
  if (costs.measured) {
    report_replication_cost(costs.times, report);
    report_device_zero_memory(costs.memory, report);
  }
  return report;
}

}  // namespace
}  // namespace detail

Report check_module(const std::shared_ptr<torch::nn::Module>& model, const std::vector<torch::Tensor>& inputs,
                    const ForwardFn& forward, const LossFn& loss_fn, const Options& options) {
  try {
    return detail::check_module_unguarded(model, inputs, forward, loss_fn, options);
  } catch (...) {
    Report report;
    detail::step_failed(report, -1, "", "the verifier", detail::current_exception_line());
    return report;
  }
}

}  // namespace nnlint::verify
