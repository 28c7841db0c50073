// Buffers that a replica's forward() changed. C++ data_parallel clones every replica (device 0
// included) and keeps none of their buffers, so such an update never reaches the model.
#pragma once

#include "nnlint/report.h"

#include <torch/nn/module.h>

#include <memory>
#include <vector>

namespace nnlint::verify::detail {

// One nn-runtime-lost-buffer-update per registered buffer of `model` whose copy in some replica
// differs from the model's own after the replicas' forward.
void report_lost_buffer_updates(const torch::nn::Module& model,
                                const std::vector<std::shared_ptr<torch::nn::Module>>& replicas, Report& report);

}  // namespace nnlint::verify::detail
