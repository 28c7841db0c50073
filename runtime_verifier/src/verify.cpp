// check_module: the order of the checks. Preconditions, then replicate + scatter, then each
// replica's forward and backward under its own observer, then gradient flow, then the
// cross-replica comparison with the whole batch.
#include "nnlint/verify.h"

#include "backend.h"
#include "errors.h"
#include "nonfinite.h"
#include "observer.h"
#include "rules.h"
#include "steps.h"
#include "module_state.h"

#include <torch/autograd.h>
#include <torch/utils.h>

#include <algorithm>
#include <cstdio>
#include <exception>
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

std::string mib(int64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return buf;
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

Report check_module_unguarded(const std::shared_ptr<torch::nn::Module>& model, const std::vector<torch::Tensor>& inputs,
                              const ForwardFn& forward, const LossFn& loss_fn, const Options& options) {
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

  backend->reset_peak_memory();
  std::vector<std::shared_ptr<torch::nn::Module>> copies(replicas);
  for (size_t r = 0; r < replicas; ++r) {
    try {
      copies[r] = model->clone(devices[r]);
    } catch (...) {
      step_failed(report, static_cast<int>(r), devices[r].str(), "clone()", current_exception_line());
      return report;
    }
  }
  OwnerMap owners;
  add_owners(owners, *model, -1);
  for (size_t r = 0; r < replicas; ++r) add_owners(owners, *copies[r], static_cast<int>(r));
  std::vector<std::unique_ptr<ReplicaObserver>> observers;
  for (size_t r = 0; r < replicas; ++r)
    observers.push_back(std::make_unique<ReplicaObserver>(static_cast<int>(r), devices[r], owners));

  // Forward, observed.
  std::vector<Tensors> outputs(replicas);
  std::vector<std::string> errors = on_each_replica(replicas, [&](size_t r) {
    c10::DeviceGuard guard(devices[r]);
    ReplicaObserver::Scope observe(*observers[r]);
    outputs[r] = forward(*copies[r], shards[r]);
  });
  std::vector<int64_t> forward_ops;
  for (const auto& o : observers) forward_ops.push_back(o->ops_seen());

  // Loss, unobserved: gradient of the loss with respect to every replica's outputs.
  std::vector<std::pair<size_t, size_t>> diff_at;  // (replica, output) of outputs that require grad
  Tensors out_grads;
  bool ok = std::all_of(errors.begin(), errors.end(), [](const std::string& e) { return e.empty(); });
  if (ok) {
    try {
      Tensors losses, diff_outputs;
      double weight = 1.0;
      if (options.per_replica_loss) {
        for (const Tensors& o : outputs) losses.push_back(loss(o));
        weight = 1.0 / static_cast<double>(replicas);
      } else {
        losses.push_back(loss(gather(outputs, devices[0])));
      }
      for (size_t r = 0; r < replicas; ++r)
        for (size_t i = 0; i < outputs[r].size(); ++i)
          if (outputs[r][i].defined() && outputs[r][i].requires_grad()) {
            diff_at.emplace_back(r, i);
            diff_outputs.push_back(outputs[r][i]);
          }
      Tensors weights;
      for (const torch::Tensor& l : losses) weights.push_back(torch::full_like(l, weight));
      if (!diff_outputs.empty())
        out_grads = torch::autograd::grad(losses, diff_outputs, weights, false, false, /*allow_unused=*/true);
    } catch (...) {
      step_failed(report, -1, "", "the loss", current_exception_line());
      ok = false;
    }
  }

  // Backward, observed: each replica's own parameters only, nothing accumulates in .grad.
  Gradients grads;
  for (const auto& [name, p] : trainable(*model)) {
    grads.names.push_back(name);
    grads.numel.push_back(p.numel());
  }
  grads.of.assign(replicas, Tensors(grads.names.size()));
  if (ok) {
    std::vector<std::string> backward_errors = on_each_replica(replicas, [&](size_t r) {
      Tensors outs, gouts;
      for (size_t j = 0; j < diff_at.size(); ++j)
        if (diff_at[j].first == r && out_grads[j].defined()) {
          outs.push_back(outputs[r][diff_at[j].second]);
          gouts.push_back(out_grads[j]);
        }
      auto params = trainable(*copies[r]);
      if (outs.empty() || params.empty()) return;
      Tensors leaves;
      for (const auto& p : params) leaves.push_back(p.second);
      c10::DeviceGuard guard(devices[r]);
      ReplicaObserver::Scope observe(*observers[r]);
      Tensors g = torch::autograd::grad(outs, leaves, gouts, false, false, /*allow_unused=*/true);
      for (size_t k = 0; k < params.size(); ++k) {
        auto it = std::find(grads.names.begin(), grads.names.end(), params[k].first);
        if (it != grads.names.end()) grads.of[r][it - grads.names.begin()] = g[k];
      }
    });
    for (size_t r = 0; r < replicas; ++r)
      if (!backward_errors[r].empty()) errors[r] = backward_errors[r];
    ok = std::all_of(errors.begin(), errors.end(), [](const std::string& e) { return e.empty(); });
  }
  report_memory(*backend, used, report);

  std::set<std::pair<int, std::string>> observed;  // (replica, parameter) already explained
  std::string op_counts;
  for (size_t r = 0; r < replicas; ++r) {
    for (Finding& f : observers[r]->findings()) {
      observed.insert({f.replica, f.parameter});
      report.findings.push_back(std::move(f));
    }
    op_counts += (r ? ", " : "") + std::to_string(forward_ops[r]) + " forward + " +
                 std::to_string(observers[r]->ops_seen() - forward_ops[r]) + " backward";
  }
  report.add_info("ops observed per replica", op_counts);
  for (size_t r = 0; r < replicas; ++r)
    if (!errors[r].empty()) step_failed(report, static_cast<int>(r), devices[r].str(), "forward/backward", errors[r]);
  if (!ok) return report;

  // Outputs the loss does not depend on.
  for (size_t i = 0; i < outputs[0].size(); ++i) {
    bool differentiable = false, reached = false;
    for (size_t j = 0; j < diff_at.size(); ++j)
      if (diff_at[j].second == i) {
        differentiable = true;
        reached = reached || out_grads[j].defined();
      }
    if (!differentiable || reached) continue;
    Finding f;
    f.rule = rules::kOutputNotInLoss;
    f.message = "output " + std::to_string(i) + " of forward() (" + c10::str(outputs[0][i].sizes()) +
                " on replica 0) requires grad but does not reach the loss";
    report.findings.push_back(f);
  }

  torch::Tensor combined = reduce_gradients(grads, used, *backend, observed, report);
  // Where a NaN or Inf appeared: the input, or the first op that made one on the whole batch.
  Tensors produced;
  for (const Tensors& o : outputs) produced.insert(produced.end(), o.begin(), o.end());
  for (const Tensors& g : grads.of) produced.insert(produced.end(), g.begin(), g.end());
  if (first_non_finite(produced) >= 0) {
    const torch::Device at = model_device(*model).value_or(devices[0]);
    report_non_finite(report, inputs, -1, [&] {
      BufferRestore restore(*model);
      Tensors whole_inputs;
      for (const torch::Tensor& in : inputs) whole_inputs.push_back(in.to(at));
      torch::Tensor l = loss(forward(*model, whole_inputs));
      Tensors leaves;
      for (const auto& p : trainable(*model)) leaves.push_back(p.second);
      if (!leaves.empty() && l.requires_grad()) torch::autograd::grad({l}, leaves, {}, false, false, true);
    });
    return report;
  }
  if (!options.compare_gradients) return report;
  if (grads.names.empty()) {
    report.add_info("gradient comparison", "skipped: the model has no trainable parameters");
    return report;
  }
  if (report.findings.size() > 0) {
    report.add_info("gradient comparison", "skipped: the findings above already explain any difference");
    return report;
  }
  try {
    // The original model itself (already on devices[0]); another clone() would cost more than
    // the step, since clone() re-runs reset(). Its buffers (BatchNorm statistics) are restored
    // afterwards, and autograd::grad leaves its .grad alone.
    BufferRestore restore(*model);
    Tensors whole_inputs;
    const torch::Device at = model_device(*model).value_or(devices[0]);
    for (const torch::Tensor& in : inputs) whole_inputs.push_back(in.to(at));
    torch::Tensor whole_loss = loss(forward(*model, whole_inputs));
    auto params = trainable(*model);
    Tensors leaves, whole(grads.names.size());
    for (const auto& p : params) leaves.push_back(p.second);
    Tensors g = torch::autograd::grad({whole_loss}, leaves, {}, false, false, /*allow_unused=*/true);
    for (size_t k = 0; k < params.size(); ++k) {
      auto it = std::find(grads.names.begin(), grads.names.end(), params[k].first);
      if (it != grads.names.end()) whole[it - grads.names.begin()] = g[k];
    }
    compare_with_whole_batch(grads, combined, whole, options, report);
  } catch (...) {
    step_failed(report, -1, devices[0].str(), "the whole-batch reference step", current_exception_line());
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
