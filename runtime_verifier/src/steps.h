// The checks that run before and after the replicas' step (see verify.cpp for the order).
#pragma once

#include "backend.h"
#include "nnlint/report.h"
#include "nnlint/verify.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace nnlint::verify::detail {

// --- preconditions.cpp ---
// Options' devices, or the defaults; CPU devices without an index so that they compare equal
// to tensors' devices.
std::vector<torch::Device> resolve_devices(const std::vector<torch::Device>& requested);
// False (with findings) when a device does not exist or the list cannot be replicated onto.
bool check_devices(const std::vector<torch::Device>& devices, Report& report);
// Info on where the gradients are reduced; a finding when a single device would move the model.
void describe_placement(const torch::nn::Module& model, const std::vector<torch::Device>& devices, Report& report);
// Device of the model's first parameter (or buffer); none for a model without tensors.
std::optional<torch::Device> model_device(const torch::nn::Module& model);

// True (with an nn-runtime-empty-batch finding) when there are no inputs, or one is undefined
// or has no samples along dim 0. rank >= 0 names the rank.
bool empty_batch(const std::vector<torch::Tensor>& inputs, Report& report, const std::string& what, int rank = -1);

// --- gradients.cpp ---
struct Gradients {
  std::vector<std::string> names;                  // trainable parameters, in registration order
  std::vector<int64_t> numel;                      // their sizes
  std::vector<std::vector<torch::Tensor>> of;      // [replica][parameter], undefined: no gradient
};

// Combines the replicas' gradients and "has a gradient" flags through the backend and reports
// parameters without a gradient anywhere or on some replicas only. (replica, name) pairs in
// `already_reported` are skipped: their replica used someone else's tensor instead.
// Returns the combined gradient, flattened to float32 on devices[0].
torch::Tensor reduce_gradients(const Gradients& grads, const std::vector<torch::Device>& devices,
                               Backend& backend, const std::set<std::pair<int, std::string>>& already_reported,
                               Report& report);

// Reports parameters whose combined gradient differs from the whole batch's (`whole`, one per
// name, undefined: none) beyond the tolerances in options.
void compare_with_whole_batch(const Gradients& grads, const torch::Tensor& combined,
                              const std::vector<torch::Tensor>& whole, const Options& options, Report& report);

}  // namespace nnlint::verify::detail
