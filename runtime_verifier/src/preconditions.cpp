#include "rules.h"
#include "steps.h"

#include <torch/cuda.h>

#include <cstdlib>
#include <optional>
#include <set>

namespace nnlint::verify::detail {

std::vector<torch::Device> resolve_devices(const std::vector<torch::Device>& requested) {
  std::vector<torch::Device> devices;
  if (requested.empty()) {
    size_t n = torch::cuda::device_count();
    for (size_t i = 0; i < n; ++i) devices.emplace_back(torch::kCUDA, static_cast<c10::DeviceIndex>(i));
    if (devices.empty()) devices = {torch::Device(torch::kCPU), torch::Device(torch::kCPU)};
    return devices;
  }
  for (const torch::Device& d : requested) devices.push_back(d.is_cpu() ? torch::Device(torch::kCPU) : d);
  return devices;
}

// CUDA_VISIBLE_DEVICES split at commas: entry i is what the process sees as cuda:i.
static std::vector<std::string> visible_entries(const char* visible) {
  std::vector<std::string> out;
  if (!visible) return out;
  std::string item;
  for (const char* c = visible;; ++c) {
    if (*c == ',' || *c == '\0') {
      out.push_back(item);
      item.clear();
      if (*c == '\0') break;
    } else if (*c != ' ') {
      item += *c;
    }
  }
  return out;
}

// "GPU 2" for a numeric entry; UUIDs and MIG names as written.
static std::string physical_name(const std::string& entry) {
  bool numeric = !entry.empty() && entry.find_first_not_of("0123456789") == std::string::npos;
  return numeric ? "GPU " + entry : entry;
}

// A process given CUDA_VISIBLE_DEVICES=2,3 calls physical GPU 2 cuda:0; users who pass the
// physical index get this hint.
static std::string renumbered_hint(const std::vector<std::string>& entries, int64_t index, int64_t cuda_count) {
  for (size_t i = 0; i < entries.size() && static_cast<int64_t>(i) < cuda_count; ++i)
    if (entries[i] == std::to_string(index))
      return " (GPU " + entries[i] + " is cuda:" + std::to_string(i) + " in this process)";
  return "";
}

static void invalid(Report& report, const torch::Device& d, const std::string& why) {
  Finding f;
  f.rule = rules::kInvalidDevice;
  f.device = d.str();
  f.message = "Invalid device id " + d.str() + ": " + why;
  report.findings.push_back(f);
}

bool check_devices(const std::vector<torch::Device>& devices, Report& report) {
  const char* visible = std::getenv("CUDA_VISIBLE_DEVICES");
  report.add_info("CUDA_VISIBLE_DEVICES", visible ? visible : "(unset: all GPUs, cuda:i is GPU i)");
  const size_t before = report.findings.size();
  const int64_t cuda_count = static_cast<int64_t>(torch::cuda::device_count());
  const std::vector<std::string> entries = visible_entries(visible);
  std::set<c10::DeviceIndex> seen;
  std::string mapping;
  for (const torch::Device& d : devices) {
    if (d.type() != devices[0].type()) {
      invalid(report, d, "all devices must be of one type, devices[0] is " + devices[0].str());
    } else if (d.is_cuda()) {
      if (d.index() < 0 || d.index() >= cuda_count)
        invalid(report, d, std::to_string(cuda_count) + " CUDA device(s) visible, indices start at 0" +
                               (visible ? std::string(" after CUDA_VISIBLE_DEVICES=") + visible : "") +
                               renumbered_hint(entries, d.index(), cuda_count));
      else if (seen.insert(d.index()).second)
        mapping += (mapping.empty() ? "" : ", ") + d.str() + " = " +
                   (!visible ? "GPU " + std::to_string(d.index())
                    : static_cast<size_t>(d.index()) < entries.size() ? physical_name(entries[static_cast<size_t>(d.index())])
                                                                      : std::string("?"));
    } else if (!d.is_cpu()) {
      invalid(report, d, "only CPU and CUDA devices are supported");
    }
  }
  if (!mapping.empty()) report.add_info("device mapping", mapping);
  return report.findings.size() == before;
}

std::optional<torch::Device> model_device(const torch::nn::Module& model) {
  for (const auto& p : model.parameters())
    if (p.defined()) return p.device();
  for (const auto& b : model.buffers())
    if (b.defined()) return b.device();
  return std::nullopt;
}

// C++ data_parallel is not Python's DataParallel: with several devices the model may stay
// anywhere (its replicas are cloned onto the devices and their gradients flow back into the
// model's own parameters); with one device it moves the model there (module->to(device)).
void describe_placement(const torch::nn::Module& model, const std::vector<torch::Device>& devices,
                        Report& report) {
  std::set<std::string> places;
  std::string first_away, first_kind;
  size_t away = 0;
  auto look = [&](const std::string& name, const torch::Tensor& t, const char* kind) {
    if (!t.defined()) return;
    places.insert(t.device().str());
    if (t.device() == devices[0]) return;
    if (away++ == 0) {
      first_away = name;
      first_kind = kind;
    }
  };
  for (const auto& p : model.named_parameters()) look(p.key(), p.value(), "parameter");
  for (const auto& b : model.named_buffers()) look(b.key(), b.value(), "buffer");
  if (places.empty()) return;
  std::string where;
  for (const std::string& d : places) where += (where.empty() ? "" : ", ") + d;
  if (devices.size() > 1) {
    report.add_info("gradients reduced on", where + " (the model's own parameters: every replica's gradient flows back into them)");
    return;
  }
  report.add_info("gradients reduced on", devices[0].str() + " (a single device: data_parallel runs the model itself there)");
  if (away == 0) return;
  const std::optional<torch::Device> from = model_device(model);
  Finding f;
  f.rule = rules::kNotOnFirstDevice;
  f.parameter = first_away;
  f.device = from->str();
  f.message = "data_parallel with the single device " + devices[0].str() + " moves the model itself there " +
              "(module->to(" + devices[0].str() + ")): " + first_kind + " '" + first_away + "'" +
              (away > 1 ? " and " + std::to_string(away - 1) + " more" : std::string()) + " now on " + where +
              " will leave it; tensors the program keeps there for the model (optimizer state, targets) no longer match";
  report.findings.push_back(f);
}

bool empty_batch(const std::vector<torch::Tensor>& inputs, Report& report, const std::string& what, int rank) {
  const size_t before = report.findings.size();
  auto add = [&](const std::string& message) {
    Finding f;
    f.rule = rules::kEmptyBatch;
    f.replica = rank;
    f.message = (rank >= 0 ? "rank " + std::to_string(rank) + ": " : std::string()) + message;
    report.findings.push_back(f);
  };
  if (inputs.empty()) add(what + " has no inputs: nothing was checked");
  for (size_t i = 0; i < inputs.size(); ++i) {
    const torch::Tensor& in = inputs[i];
    if (!in.defined())
      add("input " + std::to_string(i) + " of " + what + " is an undefined tensor: nothing was checked");
    else if (in.dim() > 0 && in.size(0) == 0)
      add("input " + std::to_string(i) + " of " + what + " has no samples (shape " + c10::str(in.sizes()) +
          "): nothing was checked");
  }
  return report.findings.size() > before;
}

}  // namespace nnlint::verify::detail
