// Why device 0 holds more than the other devices during a data_parallel step, part by part.
// Pure functions of byte counts, so the thresholds can be tested with any numbers.
#pragma once

#include "nnlint/report.h"

#include <cstdint>
#include <string>
#include <vector>

namespace nnlint::verify::detail {

struct DeviceZeroParts {
  std::vector<std::string> devices;  // one per replica; devices[0] is device 0
  std::vector<int64_t> peak;         // measured peak bytes per device during the step
  int64_t model = 0;                 // the original model's parameters and buffers on device 0
  int64_t gradients = 0;             // its trainable parameters there: data_parallel sums into .grad
  int64_t gathered = 0;              // the replicas' outputs gathered on device 0
  int64_t loss = 0;                  // what the loss kept on device 0 beyond the gathered outputs
  int64_t optimizer = 0;             // state of the optimizer given in Options, for device 0's parameters
  std::string optimizer_kind;        // "Adam", ... or "" without one
  int64_t held_before = 0;           // on device 0 before the step beyond the model, its .grad and the
                                     // optimizer state, and beyond what the other devices held
};

// Reported when the parts add up to at least this share of the other devices' mean peak...
inline constexpr double kDeviceZeroShare = 0.25;
// ... and to at least this many bytes (below, cuBLAS workspaces of ~33 MiB dominate).
inline constexpr int64_t kDeviceZeroFloor = int64_t{64} << 20;

// An nn-runtime-device0-memory note naming the largest part, or nothing.
void report_device_zero_memory(const DeviceZeroParts& parts, Report& report);

}  // namespace nnlint::verify::detail
