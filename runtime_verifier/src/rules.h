// The rule ids the verifier reports. Causes shared with the static analyzer keep its ids.
#pragma once

#include <string>
#include <vector>

namespace nnlint::verify::rules {

inline constexpr const char* kContainerAlias = "nn-container-alias";
inline constexpr const char* kUnregisteredSubmodule = "nn-unregistered-submodule";
inline constexpr const char* kUnusedParameter = "nn-unused-parameter";
inline constexpr const char* kOutputNotInLoss = "nn-output-not-in-loss";
inline constexpr const char* kInvalidDevice = "nn-runtime-invalid-device";
inline constexpr const char* kNotOnFirstDevice = "nn-runtime-not-on-first-device";
inline constexpr const char* kDeviceMismatch = "nn-runtime-device-mismatch";
inline constexpr const char* kMadeOnOtherDevice = "nn-runtime-made-on-other-device";
inline constexpr const char* kLostBufferUpdate = "nn-runtime-lost-buffer-update";
inline constexpr const char* kReplicaCrosstalk = "nn-runtime-replica-crosstalk";
inline constexpr const char* kPartialGradient = "nn-runtime-partial-gradient";
inline constexpr const char* kGradientMismatch = "nn-runtime-gradient-mismatch";
inline constexpr const char* kStepFailed = "nn-runtime-step-failed";
inline constexpr const char* kNonFinite = "nn-runtime-non-finite";
inline constexpr const char* kEmptyBatch = "nn-runtime-empty-batch";
// What data_parallel costs (notes, or a warning when the extra GPUs make the step slower).
inline constexpr const char* kReplicationCost = "nn-runtime-replication-cost";
inline constexpr const char* kDeviceZeroMemory = "nn-runtime-device0-memory";
// check_ranks: one process per device.
inline constexpr const char* kRankStructure = "nn-runtime-rank-structure";
inline constexpr const char* kRankInitialValues = "nn-runtime-rank-initial-values";
inline constexpr const char* kRankDevice = "nn-runtime-rank-device";
inline constexpr const char* kRankMemory = "nn-runtime-rank-memory";
inline constexpr const char* kRankAllReduce = "nn-runtime-rank-allreduce";
inline constexpr const char* kRankFailed = "nn-runtime-rank-failed";
inline constexpr const char* kRankMemoryImbalance = "nn-runtime-rank-memory-imbalance";

struct RuleText {
  const char* id;
  const char* summary;
  const char* sarif_level = "error";  // SARIF defaultConfiguration
};

// Every rule above with a one-line summary, in a fixed order.
const std::vector<RuleText>& all();

}  // namespace nnlint::verify::rules
