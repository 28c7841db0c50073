// check_ranks: a rank whose GPU holds much more than the other ranks' GPUs, and why (other
// ranks' tensors there, or tensors the rank keeps outside its model, such as a checkpoint
// loaded onto GPU 0 by every process). A pure function of the exchanged facts (ranks_merge.h).
#pragma once

#include "ranks_merge.h"

#include <cstdint>

namespace nnlint::verify::detail {

// Reported when a GPU's extra over the mean of the other ranks' GPUs reaches this share of that
// mean and this many bytes (the thresholds of nn-runtime-device0-memory).
inline constexpr double kRankImbalanceShare = 0.25;
inline constexpr int64_t kRankImbalanceFloor = int64_t{64} << 20;

// setup payloads may carry "model_bytes": what the rank's model (parameters, buffers, .grad)
// holds on its own device. step may be empty when the step did not run.
void merge_memory_balance(const Payloads& setup, const Payloads& step, Report& report);

}  // namespace nnlint::verify::detail
