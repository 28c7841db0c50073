// Merging every rank's facts into one report. Pure functions of the exchanged JSON, so every
// rank computes the same findings, and tests can feed them facts no CPU machine produces.
//
// setup payload (one per rank):
//   {"rank", "local_rank", "host", "device": "cuda:1", "pci": "0000:07:00.0" or "",
//    "current_device": "cuda:0" or "", "error": "" or why this rank cannot take part,
//    "structure_hash": "…", "tensors": [{"name", "signature": "[4, 8] Float parameter",
//    "device", "pci", "hash"}], "memory": [{"device": "cuda:0", "pci", "bytes"}]}
// step payload: {"failed": bool, "findings": [Finding as JSON], "grad": [0|1 per trainable
//    parameter, in order], "trainable": [names], "memory": [as in setup, the step's peak]}
// allreduce payload: {"error": "" or message, "hashes": [one per trainable parameter]}
#pragma once

#include "nnlint/report.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace nnlint::verify::detail {

using Json = nlohmann::json;
using Payloads = std::vector<std::optional<Json>>;  // index: rank; nullopt: did not arrive

// "{0, 2}"
std::string rank_set(const std::vector<int>& ranks);

// Ranks that did not post `phase` in time → nn-runtime-rank-failed each. False if any.
bool merge_arrivals(const Payloads& phase, const std::string& phase_name, long long timeout_ms, Report& report);
// Setup errors (nn-runtime-rank-failed) and the per-rank info lines. False on an error.
bool merge_setup(const Payloads& setup, Report& report);
// Names, shapes, dtypes, kinds and order: hashes first, then detail. False on a difference.
bool merge_structure(const Payloads& setup, Report& report);
// Same structure assumed: parameters whose values differ between ranks.
void merge_initial_values(const Payloads& setup, Report& report);
// Tensors off the rank's own device, ranks sharing a GPU, memory on other ranks' GPUs
// (step may be empty when the step did not run).
void merge_devices(const Payloads& setup, const Payloads& step, Report& report);
// Each rank's own findings, then the sets of parameters that got a gradient. False when a rank
// failed its step (the all-reduce is then skipped).
bool merge_step(const Payloads& step, Report& report);
void merge_allreduce(const Payloads& allreduce, const std::vector<std::string>& trainable, Report& report);

Json finding_to_json(const Finding& f);
Finding finding_from_json(const Json& j);

}  // namespace nnlint::verify::detail
