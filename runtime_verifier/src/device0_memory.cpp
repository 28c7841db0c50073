#include "device0_memory.h"
#include "mebibytes.h"

#include "rules.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace nnlint::verify::detail {
namespace {

}  // namespace

void report_device_zero_memory(const DeviceZeroParts& p, Report& report) {
  if (p.peak.size() < 2 || p.devices.size() < 2) return;
  double others = 0;
  for (size_t d = 1; d < p.peak.size(); ++d) others += static_cast<double>(p.peak[d]) / static_cast<double>(p.peak.size() - 1);
  const std::string& d0 = p.devices[0];
  std::vector<std::pair<std::string, int64_t>> parts = {
      {"the original model's parameters and buffers", p.model},
      {"its gradients (data_parallel sums the replicas' gradients into the model's .grad)", p.gradients},
      {"the outputs gathered from the replicas", p.gathered},
      {"the loss", p.loss},
      {"the optimizer state (" + p.optimizer_kind + ")", p.optimizer},
      {"other tensors already on " + d0 + " before the step", p.held_before}};
  int64_t total = 0;
  for (const auto& part : parts) total += std::max<int64_t>(part.second, 0);
  if (total < kDeviceZeroFloor || static_cast<double>(total) < kDeviceZeroShare * others) return;

  const auto largest = std::max_element(parts.begin(), parts.end(),
                                        [](const auto& a, const auto& b) { return a.second < b.second; });
  std::string peaks;
  for (size_t d = 0; d < p.peak.size() && d < p.devices.size(); ++d)
    peaks += (d ? ", " : "") + p.devices[d] + " " + mib(static_cast<double>(p.peak[d]));
  std::string list;
  for (const auto& part : parts)
    if (part.second > 0) list += (list.empty() ? "" : ", ") + part.first + " " + mib(static_cast<double>(part.second));
  char share[64] = "";
  if (others >= (1 << 20)) std::snprintf(share, sizeof share, " (+%.0f%% of the others' mean peak)", 100 * total / others);

  Finding f;
  f.rule = rules::kDeviceZeroMemory;
  f.level = "note";
  f.device = d0;
  f.message = d0 + " holds " + mib(static_cast<double>(total)) + " more than each other device in training" + share +
              "; the largest part is " + largest->first + ", " + mib(static_cast<double>(largest->second)) +
              ". Parts: " + list + ". Measured peaks of the step: " + peaks + ".";
  if (largest->second == p.held_before)
    f.message += " Tensors held on " + d0 + " before the step that are not the model's: a checkpoint loaded onto "
                 "GPU 0 (torch::load without a device, or saved from cuda:0) is the usual cause; load it with the "
                 "device it belongs on, or release it after copying.";
  f.message += " One process per GPU (nnlint::verify::check_ranks verifies that set-up) keeps a model, its gradients, "
               "outputs, loss and optimizer state on every GPU alike.";
  report.findings.push_back(f);
}

}  // namespace nnlint::verify::detail
