// check_ranks: the order of the phases. Every rank posts its facts and reads everyone's through
// the store, so every rank merges the same facts into the same report:
//   setup      who it is, its device, the model's structure, initial values, memory held
//   step       forward and backward on its own batch: failures, NaN/Inf, which parameters got a
//              gradient, memory at the step's peak
//   allreduce  the gradients summed through the process group, compared across ranks
//   done       a barrier, so that the rank hosting the store outlives the others' reads
// A phase that shows a defect which would make the next one hang or mislead (different models,
// a failed step) ends the check on every rank alike.
#include "nnlint/verify.h"

#include "errors.h"
#include "gpu_facts.h"
#include "module_state.h"
#include "nonfinite.h"
#include "ranks_balance.h"
#include "ranks_collective.h"
#include "ranks_exchange.h"
#include "ranks_merge.h"
#include "ranks_setup.h"
#include "rules.h"
#include "steps.h"

#include <torch/autograd.h>
#include <torch/cuda.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>

namespace nnlint::verify {
namespace detail {
namespace {

using Tensors = std::vector<torch::Tensor>;

std::string hex(uint64_t h) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

uint64_t fnv1a(const void* data, size_t n, uint64_t h = 1469598103934665603ull) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

// Exact: broadcast parameters are bitwise equal.
std::string value_hash(const torch::Tensor& t) {
  torch::Tensor c = t.detach().to(torch::kCPU).contiguous();
  return hex(fnv1a(c.data_ptr(), c.nbytes()));
}

std::string host_name() {
  char buf[256] = {0};
  return gethostname(buf, sizeof buf - 1) == 0 ? std::string(buf) : std::string("?");
}

std::string signature(const torch::Tensor& t, const char* kind) {
  return c10::str(t.sizes()) + " " + std::string(c10::toString(t.scalar_type())) + " " + kind;
}

// The rank's own device; error says why it has none.
torch::Device own_device(const RankOptions& options, const torch::nn::Module& model, const Tensors& inputs,
                         const RankSetup& setup, std::string& error) {
  if (options.device) return options.device->is_cpu() ? torch::Device(torch::kCPU) : *options.device;
  bool cuda = false;
  for (const auto& in : inputs) cuda = cuda || (in.defined() && in.is_cuda());
  for (const auto& p : model.parameters()) cuda = cuda || p.is_cuda();
  if (!cuda) return torch::Device(torch::kCPU);
  const int n = static_cast<int>(torch::cuda::device_count());
  if (n == 1) return torch::Device(torch::kCUDA, 0);
  if (setup.local_rank >= n) {
    error = "LOCAL_RANK " + std::to_string(setup.local_rank) + " but this process sees " + std::to_string(n) +
            " GPU(s): too many processes on this node, or CUDA_VISIBLE_DEVICES hides GPUs";
    return torch::Device(torch::kCUDA, 0);
  }
  return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(setup.local_rank));
}

Json memory_json(bool peak) {
  Json out = Json::array();
  try {
    for (const GpuMemory& m : gpu_memory())
      out.push_back({{"device", "cuda:" + std::to_string(m.index)}, {"pci", m.pci}, {"bytes", peak ? m.peak : m.current}});
  } catch (...) {
    // CUDA not initialised in this process: it holds nothing on any GPU.
  }
  return out;
}

Json setup_facts(const torch::nn::Module& model, const RankSetup& setup, const torch::Device& own,
                 const std::string& error, const RankOptions& options) {
  Json s = {{"rank", setup.rank},  {"local_rank", setup.local_rank}, {"host", host_name()},
            {"device", own.str()}, {"pci", own.is_cuda() ? gpu_pci(own.index()) : ""}, {"error", error}};
  if (own.is_cuda()) s["current_device"] = "cuda:" + std::to_string(current_gpu());
  Json tensors = Json::array();
  uint64_t structure = fnv1a("", 0);
  auto add = [&](const std::string& name, const torch::Tensor& t, const char* kind) {
    if (!t.defined()) return;
    Json j = {{"name", name}, {"signature", signature(t, kind)}, {"device", t.device().str()}};
    j["pci"] = t.is_cuda() ? gpu_pci(t.device().index()) : "";
    j["hash"] = options.compare_initial_values && std::string(kind) != "buffer" ? value_hash(t) : "";
    const std::string key = name + "|" + j["signature"].get<std::string>() + ";";
    structure = fnv1a(key.data(), key.size(), structure);
    tensors.push_back(std::move(j));
  };
  for (const auto& p : model.named_parameters())
    add(p.key(), p.value(), p.value().requires_grad() ? "parameter" : "frozen parameter");
  for (const auto& b : model.named_buffers()) add(b.key(), b.value(), "buffer");
  s["tensors"] = std::move(tensors);
  s["structure_hash"] = hex(structure);
  s["memory"] = own.is_cuda() ? memory_json(false) : Json::array();
  int64_t model_bytes = 0;  // on the rank's own device: its share of "memory" that is the model
  auto count = [&](const torch::Tensor& t) {
    if (t.defined() && t.device() == own) model_bytes += static_cast<int64_t>(t.nbytes());
  };
  for (const auto& p : model.parameters()) {
    count(p);
    count(p.grad());
  }
  for (const auto& b : model.buffers()) count(b);
  s["model_bytes"] = model_bytes;
  return s;
}

struct LocalStep {
  Json payload;
  std::vector<std::string> names;  // trainable parameters, in order
  Tensors leaves, grads;           // grads[k] undefined: no gradient
};

LocalStep run_step(torch::nn::Module& model, const Tensors& inputs, const ForwardFn& forward, const LossFn& loss_fn,
                   const RankSetup& setup, const torch::Device& own) {
  LocalStep out;
  Report local;
  bool failed = false;
  for (const auto& [name, p] : trainable(model)) {
    out.names.push_back(name);
    out.leaves.push_back(p);
  }
  out.grads.assign(out.leaves.size(), torch::Tensor());
  const LossFn loss = loss_fn ? loss_fn : LossFn(default_loss);
  auto step = [&](Tensors& grads, Tensors& produced) {
    BufferRestore restore(model);  // BatchNorm statistics stay as they were
    Tensors outputs = forward(model, inputs);
    torch::Tensor l = loss(outputs);
    produced = outputs;
    produced.push_back(l);
    if (!out.leaves.empty() && l.requires_grad())
      grads = torch::autograd::grad({l}, out.leaves, {}, false, false, /*allow_unused=*/true);
  };
  if (own.is_cuda()) reset_gpu_peaks();
  if (empty_batch(inputs, local, "the rank's batch", setup.rank)) {
    failed = true;
  } else {
    try {
      torch::AutoGradMode grad_mode(true);
      Tensors produced;
      step(out.grads, produced);
      produced.insert(produced.end(), out.grads.begin(), out.grads.end());
      if (first_non_finite(produced) >= 0) {
        failed = true;
        report_non_finite(local, inputs, setup.rank, [&] {
          Tensors g, p;
          step(g, p);
        });
      }
    } catch (...) {
      failed = true;
      Finding f;
      f.rule = rules::kRankFailed;
      f.replica = setup.rank;
      f.device = own.str();
      f.message = "rank " + std::to_string(setup.rank) + ": forward/backward threw: " + current_exception_line();
      local.findings.push_back(f);
    }
  }
  Json flags = Json::array();
  for (const torch::Tensor& g : out.grads) flags.push_back(g.defined() ? 1 : 0);
  Json findings = Json::array();
  for (const Finding& f : local.findings) findings.push_back(finding_to_json(f));
  out.payload = {{"failed", failed}, {"findings", findings}, {"grad", flags}, {"trainable", out.names},
                 {"memory", own.is_cuda() ? memory_json(true) : Json::array()}};
  return out;
}

// The gradients summed over ranks, hashed per parameter.
Json all_reduce(const LocalStep& step, const RankSetup& setup, const Exchange& exchange, const torch::Device& own,
                const AllReduceFn& user, Report& report) {
  Json out = {{"error", ""}, {"hashes", Json::array()}};
  try {
    auto start = std::chrono::steady_clock::now();
    std::unique_ptr<Collective> collective = make_collective(setup, exchange, own, user);
    Tensors parts;
    auto opts = torch::TensorOptions().dtype(torch::kFloat).device(own);
    for (size_t k = 0; k < step.leaves.size(); ++k)
      parts.push_back(step.grads[k].defined() ? step.grads[k].detach().reshape(-1).to(opts)
                                              : torch::zeros({step.leaves[k].numel()}, opts));
    torch::Tensor flat = parts.empty() ? torch::zeros({1}, opts) : torch::cat(parts);
    collective->all_reduce_sum(flat, setup.timeout);
    torch::Tensor host = flat.to(torch::kCPU).contiguous();
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    report.add_info("gradient all-reduce", collective->name() + ", " + std::to_string(flat.numel()) + " values, " +
                                               std::to_string(ms.count()) + " ms with set-up");
    int64_t offset = 0;
    for (const torch::Tensor& leaf : step.leaves) {
      const int64_t n = leaf.numel();
      out["hashes"].push_back(hex(fnv1a(host.data_ptr<float>() + offset, static_cast<size_t>(n) * sizeof(float))));
      offset += n;
    }
  } catch (...) {
    out["error"] = current_exception_line();
  }
  return out;
}

Payloads parse(const std::vector<std::optional<std::string>>& raw) {
  Payloads out;
  for (const auto& r : raw) {
    if (!r) {
      out.emplace_back();
      continue;
    }
    Json j = Json::parse(*r, nullptr, /*allow_exceptions=*/false);
    out.push_back(j.is_discarded() ? std::nullopt : std::optional<Json>(j));
  }
  return out;
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::atomic<int> g_calls{0};

Report run(const std::shared_ptr<torch::nn::Module>& model, const Tensors& inputs, const ForwardFn& forward,
           const LossFn& loss, const RankOptions& options) {
  Report report;
  const RankSetup setup = resolve_setup(options);
  if (!model) throw std::invalid_argument("no model was given (null module)");
  std::string error;
  const torch::Device own = own_device(options, *model, inputs, setup, error);
  Exchange exchange(setup, g_calls++);
  const long long timeout_ms = setup.timeout.count();
  report.add_info("world", std::to_string(setup.world) + " rank(s), " + exchange.description() + ", this is rank " +
                               std::to_string(setup.rank));

  // setup
  Payloads setup_facts_all = parse(exchange.all_gather("setup", dump(setup_facts(*model, setup, own, error, options))));
  bool go = merge_arrivals(setup_facts_all, "setup", timeout_ms, report);
  go = merge_setup(setup_facts_all, report) && go;
  const bool same_models = merge_structure(setup_facts_all, report);
  if (same_models && options.compare_initial_values) merge_initial_values(setup_facts_all, report);
  go = go && same_models;

  // step
  LocalStep step;
  Json step_payload = {{"failed", true}, {"stopped", true}};
  if (go) {
    step = run_step(*model, inputs, forward, loss, setup, own);
    step_payload = step.payload;
  }
  Payloads steps = parse(exchange.all_gather("step", dump(step_payload)));
  merge_devices(setup_facts_all, go ? steps : Payloads{}, report);
  if (go) {
    go = merge_arrivals(steps, "step", timeout_ms, report);
    go = merge_step(steps, report) && go;
    // Only when every rank's step ran: a rank that failed or never stepped holds less by far.
    if (go) merge_memory_balance(setup_facts_all, steps, report);
  }

  // allreduce
  if (go && exchange.abandoned()) {
    go = false;
    report.findings.push_back({rules::kRankFailed, "another rank gave up waiting for one that was late; the all-reduce "
                                                   "was skipped so that nobody hangs in it", "", "", "", setup.rank});
  }
  Json reduced = {{"error", "skipped"}};
  if (go) reduced = all_reduce(step, setup, exchange, own, options.all_reduce, report);
  Payloads reduced_all = parse(exchange.all_gather("allreduce", dump(reduced)));
  if (go && merge_arrivals(reduced_all, "allreduce", timeout_ms, report)) merge_allreduce(reduced_all, step.names, report);
  if (!go) report.add_info("gradient all-reduce", "skipped: the findings above would make it hang or mislead");

  exchange.all_gather("done", "{}");  // late ranks are no longer waited for
  return report;
}

}  // namespace
}  // namespace detail

Report check_ranks(const std::shared_ptr<torch::nn::Module>& model, const std::vector<torch::Tensor>& inputs,
                   const ForwardFn& forward, const LossFn& loss, const RankOptions& options) {
  try {
    return detail::run(model, inputs, forward, loss, options);
  } catch (...) {
    Report report;
    Finding f;
    f.rule = rules::kRankFailed;
    int rank = -1;
    try {
      rank = detail::resolve_setup(options).rank;
    } catch (...) {
    }
    f.replica = rank;
    f.message = (rank >= 0 ? "rank " + std::to_string(rank) : std::string("this rank")) +
                ": check_ranks failed: " + detail::current_exception_line();
    report.findings.push_back(f);
    return report;
  }
}

}  // namespace nnlint::verify
