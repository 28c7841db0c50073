#include "replication_cost.h"

#include "rules.h"

#include <cstdio>
#include <numeric>

namespace nnlint::verify::detail {
namespace {

std::string ms(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v < 10 ? "%.2f ms" : "%.0f ms", v);
  return buf;
}

std::string times_x(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v < 10 ? "%.1fx" : "%.0fx", v);
  return buf;
}

}  // namespace

void report_replication_cost(const StepTimes& t, Report& report) {
  if (t.clone_ms.empty() || t.replicas_ms < 0) return;
  const double clones = std::accumulate(t.clone_ms.begin(), t.clone_ms.end(), 0.0);
  const double step = clones + t.replicas_ms;
  std::string each;
  for (size_t r = 0; r < t.clone_ms.size(); ++r)
    each += (r ? " + " : "") + ms(t.clone_ms[r]) + (r < t.devices.size() ? " (" + t.devices[r] + ")" : "");
  std::string line = "clone() " + each + ", replicas' forward+backward " + ms(t.replicas_ms) +
                     ", data_parallel step " + ms(step);
  if (t.one_device_ms >= 0) line += ", one device with the whole batch " + ms(t.one_device_ms);
  report.add_info("step time", line);

  if (clones < kReplicationFloorMs || step <= 0) return;
  const double share = clones / step;
  const bool measured = t.one_device_ms > 0;
  const bool slower = measured && clones >= t.one_device_ms;
  const bool warning = measured && clones >= kSlowerFactor * t.one_device_ms;
  if (!warning && !slower && share < kReplicationNoteShare) return;

  char pct[16];
  std::snprintf(pct, sizeof pct, "%.0f%%", 100 * share);
  Finding f;
  f.rule = rules::kReplicationCost;
  f.level = warning ? "warning" : "note";
  f.message = "replication takes " + ms(clones) + " of a " + ms(step) + " data_parallel step (" + pct + "): clone() " +
              each + ", the replicas' forward+backward " + ms(t.replicas_ms);
  if (measured) {
    f.message += "; one device does the whole batch in " + ms(t.one_device_ms);
    if (slower)
      f.message += ", so replication alone makes the step over " + std::to_string(t.clone_ms.size()) +
                   " devices take at least " + times_x(clones / t.one_device_ms) + " as long as on one";
  }
  f.message += ". C++ data_parallel clones the model onto every device at every step, device 0's replica "
               "included, and Cloneable::clone() re-runs reset(), initialising every parameter again before "
               "copying it. Fix: one process per GPU, each building its model once (torchrun "
               "--nproc-per-node N; model->to(torch::Device(torch::kCUDA, LOCAL_RANK)); all-reduce the "
               "gradients through c10d); nnlint::verify::check_ranks verifies that set-up";
  report.findings.push_back(f);
}

}  // namespace nnlint::verify::detail
