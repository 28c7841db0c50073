#include "rules.h"
#include "steps.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace nnlint::verify::detail {

static std::string format(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", x);
  return buf;
}

torch::Tensor reduce_gradients(const Gradients& grads, const std::vector<torch::Device>& devices,
                               Backend& backend, const std::set<std::pair<int, std::string>>& already_reported,
                               Report& report) {
  const size_t replicas = grads.of.size(), params = grads.names.size();
  int64_t total = 0;
  for (int64_t n : grads.numel) total += n;

  // Per replica: [all gradients flattened | one "has a gradient" flag per parameter].
  std::vector<torch::Tensor> buffers;
  for (size_t r = 0; r < replicas; ++r) {
    auto opts = torch::TensorOptions().dtype(torch::kFloat).device(devices[r]);
    std::vector<torch::Tensor> parts;
    torch::Tensor flags = torch::zeros({static_cast<int64_t>(params)}, torch::kFloat);
    for (size_t k = 0; k < params; ++k) {
      const torch::Tensor& g = grads.of[r][k];
      parts.push_back(g.defined() ? g.reshape(-1).to(opts) : torch::zeros({grads.numel[k]}, opts));
      flags[k] = g.defined() ? 1.0f : 0.0f;
    }
    parts.push_back(flags.to(opts));
    buffers.push_back(torch::cat(parts));
  }
  backend.all_reduce_sum(buffers);

  torch::Tensor counts = buffers[0].narrow(0, total, static_cast<int64_t>(params)).cpu();
  for (size_t k = 0; k < params; ++k) {
    const auto have = static_cast<size_t>(counts[k].item<float>() + 0.5f);
    if (have == replicas) continue;
    std::string missing;
    int first_missing = -1;
    for (size_t r = 0; r < replicas; ++r) {
      if (grads.of[r][k].defined() || already_reported.count({static_cast<int>(r), grads.names[k]})) continue;
      missing += (missing.empty() ? "" : ", ") + std::to_string(r);
      if (first_missing < 0) first_missing = static_cast<int>(r);
    }
    if (missing.empty()) continue;
    Finding f;
    f.parameter = grads.names[k];
    if (have == 0) {
      f.rule = rules::kUnusedParameter;
      f.message = "trainable parameter '" + f.parameter + "' got no gradient on any of the " + std::to_string(replicas) +
                  " replicas: it does not take part in forward(), or its result does not reach the loss";
    } else {
      f.rule = rules::kPartialGradient;
      f.replica = first_missing;
      f.device = devices[first_missing].str();
      f.message = "parameter '" + f.parameter + "' got a gradient on " + std::to_string(have) + " of " +
                  std::to_string(replicas) + " replicas; none on replica(s) " + missing +
                  ": forward() takes a data-dependent path that skips it";
    }
    report.findings.push_back(f);
  }
  return buffers[0].narrow(0, 0, total);
}

void compare_with_whole_batch(const Gradients& grads, const torch::Tensor& combined,
                              const std::vector<torch::Tensor>& whole, const Options& options, Report& report) {
  const size_t params = grads.names.size();
  if (params == 0) return;
  // Averaging per-replica losses, as DistributedDataParallel does, divides a sum loss's gradient
  // by the number of replicas: a uniform scale, not a defect. So with per_replica_loss the
  // replicas may match either the whole batch's gradient or that divided by the replica count.
  const double replicas = static_cast<double>(grads.of.size());
  const bool try_scaled = options.per_replica_loss && grads.of.size() > 1;
  std::vector<torch::Tensor> norms;  // per parameter: |combined - whole|, |combined - whole/R|, |whole|
  int64_t offset = 0;
  for (size_t k = 0; k < params; ++k) {
    torch::Tensor c = combined.narrow(0, offset, grads.numel[k]);
    offset += grads.numel[k];
    torch::Tensor w = whole[k].defined() ? whole[k].reshape(-1).to(c.options()) : torch::zeros_like(c);
    norms.push_back(torch::stack({(c - w).norm(), (c - w / replicas).norm(), w.norm()}));
  }
  torch::Tensor host = torch::stack(norms).to(torch::kCPU, torch::kDouble);  // one sync for all
  auto h = host.accessor<double, 2>();
  double unscaled_total = 0, scaled_total = 0;
  for (size_t k = 0; k < params; ++k) {
    unscaled_total += h[k][0];
    scaled_total += h[k][1];
  }
  const bool scaled = try_scaled && scaled_total < unscaled_total;
  // The model-wide scale: a parameter whose own gradient is near zero (a bias before a
  // normalisation) holds only rounding noise, which its own norm would magnify. Its error is
  // also allowed its share of the whole gradient's norm, as if spread evenly over all elements.
  double whole_squared = 0;
  int64_t elements = 0;
  for (size_t k = 0; k < params; ++k) {
    whole_squared += h[k][2] * h[k][2];
    elements += grads.numel[k];
  }
  const double model_norm = std::sqrt(whole_squared) / (scaled ? replicas : 1.0);
  double worst = 0;
  for (size_t k = 0; k < params; ++k) {
    const double diff = scaled ? h[k][1] : h[k][0];
    const double norm = scaled ? h[k][2] / replicas : h[k][2];
    const double share = model_norm * std::sqrt(static_cast<double>(grads.numel[k]) / static_cast<double>(elements));
    const double scale = norm + share;
    const double rel = diff / std::max(scale, 1e-30);
    worst = std::max(worst, scale > 0 ? rel : diff);
    if (diff <= options.grad_rtol * scale + options.grad_atol) continue;
    Finding f;
    f.rule = rules::kGradientMismatch;
    f.parameter = grads.names[k];
    f.message = "gradient of '" + f.parameter + "' summed over replicas differs from the whole batch's" +
                (scaled ? " / " + format(replicas) : std::string()) + " by " + format(rel) +
                " (L2, relative to its own norm plus its share of the model's; tolerance " + format(options.grad_rtol) +
                (options.per_replica_loss ? "): per-replica loss averaging over uneven shards, a batch-dependent "
                                            "layer, or replicas that diverge"
                                          : "): a batch-dependent layer (BatchNorm in training mode) or replicas "
                                            "that diverge");
    report.findings.push_back(f);
  }
  report.add_info("gradient error (max relative L2 vs whole batch)", format(worst));
  if (try_scaled)
    report.add_info("gradient scale vs whole batch",
                    scaled ? "1/" + format(replicas) + " (averaging divides a per-replica sum loss by the replica count)"
                           : "1");
}

}  // namespace nnlint::verify::detail
