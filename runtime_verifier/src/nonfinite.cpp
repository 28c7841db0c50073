#include "record_compat.h"  // first: it fixes how RecordFunction is laid out

#include "nonfinite.h"
#include "rules.h"

#include <atomic>
#include <cstring>
#include <mutex>
#include <sstream>

namespace nnlint::verify::detail {
namespace {

bool floating(const at::Tensor& t) { return t.defined() && t.is_floating_point() && t.numel() > 0; }

bool all_finite(const at::Tensor& t) { return !floating(t) || torch::isfinite(t).all().item<bool>(); }

// State of the one search running at a time (finders are serialised by g_mutex).
struct Search {
  std::mutex mutex;
  bool found = false;
  NonFiniteOrigin origin;
};
std::atomic<Search*> g_search{nullptr};
std::mutex g_mutex;

struct InputsFinite : at::ObserverContext {
  bool finite = true;
};

std::unique_ptr<at::ObserverContext> on_start(const at::RecordFunction& fn) {
  auto ctx = std::make_unique<InputsFinite>();
  at::DisableRecordFunctionGuard quiet;  // the checks below are ops too
  compat::for_each_input_tensor(fn, [&](const at::Tensor& t) { ctx->finite = ctx->finite && all_finite(t); });
  return ctx;
}

// Ops whose result is uninitialised memory until something writes it.
bool allocates_only(const char* op) {
  return std::strstr(op, "empty") != nullptr || std::strstr(op, "resize_") != nullptr;
}

void on_end(const at::RecordFunction& fn, at::ObserverContext* ctx) {
  Search* search = g_search.load(std::memory_order_acquire);
  if (!search || !ctx || !static_cast<InputsFinite*>(ctx)->finite || allocates_only(compat::op_name(fn))) return;
  at::DisableRecordFunctionGuard quiet;
  // Output 0 only: further outputs of some kernels are workspaces (cuDNN's reserve space).
  bool first = true;
  compat::for_each_output_tensor(fn, [&](const at::Tensor& t) {
    if (!first) return;
    first = false;
    if (all_finite(t)) return;
    std::lock_guard<std::mutex> lock(search->mutex);
    if (search->found) return;
    search->found = true;
    search->origin = {compat::op_name(fn), non_finite_summary(t)};
  });
}

}  // namespace

std::string non_finite_summary(const torch::Tensor& t) {
  if (!floating(t)) return "";
  torch::NoGradGuard no_grad;
  const int64_t nan = torch::isnan(t).sum().item<int64_t>();
  const int64_t inf = torch::isinf(t).sum().item<int64_t>();
  if (nan == 0 && inf == 0) return "";
  std::ostringstream s;
  s << nan << " NaN, " << inf << " Inf of " << t.numel() << " values (" << t.sizes() << " " << t.scalar_type() << ")";
  return s.str();
}

int first_non_finite(const std::vector<torch::Tensor>& ts) {
  torch::NoGradGuard no_grad;
  for (size_t i = 0; i < ts.size(); ++i)
    if (!all_finite(ts[i])) return static_cast<int>(i);
  return -1;
}

NonFiniteOrigin first_non_finite_op(const std::function<void()>& step) {
  std::lock_guard<std::mutex> one_at_a_time(g_mutex);
  Search search;
  g_search.store(&search, std::memory_order_release);
  at::CallbackHandle handle = compat::add_thread_observer(&on_start, &on_end);
  try {
    step();
  } catch (...) {
    // The step failed after the first NaN; what was found so far still holds.
  }
  compat::remove_observer(handle);
  g_search.store(nullptr, std::memory_order_release);
  std::lock_guard<std::mutex> lock(search.mutex);
  return search.origin;
}

void report_non_finite(Report& report, const std::vector<torch::Tensor>& inputs, int rank,
                       const std::function<void()>& rerun) {
  Finding f;
  f.rule = rules::kNonFinite;
  f.replica = rank;
  const std::string who = rank >= 0 ? "rank " + std::to_string(rank) + ": " : "";
  const int bad_input = first_non_finite(inputs);
  if (bad_input >= 0) {
    f.message = who + "input " + std::to_string(bad_input) + " of the batch holds " +
                non_finite_summary(inputs[static_cast<size_t>(bad_input)]) +
                " before any operator runs: the data, not the model, is non-finite";
  } else {
    NonFiniteOrigin origin = first_non_finite_op(rerun);
    f.op = origin.op;
    f.message = origin.op.empty()
                    ? who + "a NaN or Inf appeared in the outputs or gradients, but repeating the step produced "
                            "none (it depends on the shard or is not deterministic)"
                    : who + origin.op + " is the first operator that produced a non-finite value from finite "
                            "inputs: " + origin.detail;
  }
  report.findings.push_back(f);
}

}  // namespace nnlint::verify::detail
