// What data_parallel's replication costs: C++ replicate() clones the model onto every device at
// every step, device 0's replica included, and Cloneable::clone() re-runs reset() (initialising
// every parameter again) before copying the values. Pure functions of measured times, so the
// thresholds can be tested with any numbers.
#pragma once

#include "nnlint/report.h"

#include <string>
#include <vector>

namespace nnlint::verify::detail {

struct StepTimes {
  std::vector<std::string> devices;  // one per replica
  std::vector<double> clone_ms;      // model->clone(device) of each replica, one after the other
  double replicas_ms = -1;           // the replicas' forward, the loss and their backward (wall)
  double one_device_ms = -1;         // the whole batch on the model's own device; < 0: not run
};

// Replication below this many ms per step is never reported (launch overhead and noise).
inline constexpr double kReplicationFloorMs = 10;
// A note from this share of the data_parallel step (clones + replicas) spent cloning, or when
// the clones alone take as long as one device's whole step.
inline constexpr double kReplicationNoteShare = 0.25;
// A warning when the clones alone take this many times one device's whole step: data_parallel
// is then at least that much slower than one device. The replicas' own step is left out of both
// comparisons with one device: on a process's first check it includes CUDA's lazy loading and
// cuBLAS/cuDNN set-up in the replicas' threads (535 ms against a warm 68 ms, measured).
inline constexpr double kSlowerFactor = 1.5;

// Always an info line with the times ("step time"); an nn-runtime-replication-cost note or
// warning by the thresholds above.
void report_replication_cost(const StepTimes& times, Report& report);

}  // namespace nnlint::verify::detail
