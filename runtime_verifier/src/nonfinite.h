// NaN and Inf: where they are, and which operator made the first one. A non-finite value
// spreads through every later op, so the verifier reports its origin instead of the symptoms
// (a gradient mismatch that looks like BatchNorm's doing).
#pragma once

#include <torch/types.h>

#include <functional>
#include <string>
#include <vector>

namespace nnlint::verify::detail {

// "2 NaN, 1 Inf of 32 values ([4, 8] Float)", or "" when t is finite, undefined or not floating.
std::string non_finite_summary(const torch::Tensor& t);

// Index of the first tensor in ts that holds a NaN or Inf, or -1.
int first_non_finite(const std::vector<torch::Tensor>& ts);

struct NonFiniteOrigin {
  std::string op;      // "aten::log", or "" when no op produced one from finite inputs
  std::string detail;  // non_finite_summary of that op's output
};

// Runs step on this thread under an observer of every ATen op (the autograd work it starts
// included) and returns the first op whose output holds a NaN or Inf while its inputs were
// finite. Slow (one check per op output): call it only once something non-finite was seen.
NonFiniteOrigin first_non_finite_op(const std::function<void()>& step);

}  // namespace nnlint::verify::detail

#include "nnlint/report.h"

namespace nnlint::verify::detail {

// Adds an nn-runtime-non-finite finding: the input that holds a NaN or Inf, or else the first
// op that produced one when `rerun` repeats the step. rank >= 0 names the rank (check_ranks).
void report_non_finite(Report& report, const std::vector<torch::Tensor>& inputs, int rank,
                       const std::function<void()>& rerun);

}  // namespace nnlint::verify::detail
