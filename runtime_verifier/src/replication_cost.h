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
// Share of the data_parallel step (clones + replicas) spent cloning from which a note is given.
inline constexpr double kReplicationNoteShare = 0.25;
// A warning needs both: replication is at least this share of the step, and the step takes at
// least kSlowerFactor times as long as one device doing the whole batch.
inline constexpr double kReplicationWarningShare = 0.5;
inline constexpr double kSlowerFactor = 1.5;

// Always an info line with the times ("step time"); an nn-runtime-replication-cost note or
// warning by the thresholds above.
void report_replication_cost(const StepTimes& times, Report& report);

}  // namespace nnlint::verify::detail
