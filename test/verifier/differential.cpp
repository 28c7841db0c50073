// The differential suite: LibTorch itself is the oracle. For every model, the real
// data_parallel runs a training step (on CPU replicas, the replicate() + parallel_apply() that
// data_parallel is made of, since its Scatter needs CUDA), and the verifier checks the same
// model and batch. They must agree:
//   - LibTorch throws                                   <=> the verifier reports a device finding;
//   - buffers a plain forward changes stay unchanged     <=> nn-runtime-lost-buffer-update names them;
//   - no random or batch-coupled op, and data_parallel's gradients equal one device's
//                                                         <=> no nn-runtime-gradient-mismatch.
// Prints one table row per model and exits 1 on any disagreement.
//
//   verifier_differential cpu            two CPU replicas
//   verifier_differential cuda           all visible GPUs; {cuda:0, cuda:0} with one GPU
#include "models.h"

#include <nnlint/verify.h>
#include <torch/nn/parallel/data_parallel.h>
#include <torch/torch.h>

#include <cstdio>
#include <functional>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace nnlint_test {
namespace {

using nnlint::verify::Report;

// <output, R> with a fixed R per feature: not constant for normalised outputs.
torch::Tensor projection_loss(const torch::Tensor& out) {
  std::vector<int64_t> shape = out.sizes().vec();
  shape[0] = 1;
  torch::Tensor r = torch::randn(shape, at::detail::createCPUGenerator(7), torch::kDouble).to(out.options());
  return (out * r).sum();
}

std::set<std::string> changed_buffers(const torch::nn::Module& before, const torch::nn::Module& after) {
  std::set<std::string> out;
  auto now = after.named_buffers();
  for (const auto& b : before.named_buffers())
    if (const torch::Tensor* a = now.find(b.key()); a && !torch::equal(a->to(b.value().device()), b.value()))
      out.insert(b.key());
  return out;
}

std::string join(const std::set<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out.empty() ? "-" : out;
}

struct Outcome {
  std::string thrown;              // LibTorch's message, "" when the step ran
  std::set<std::string> lost;      // buffers a plain forward changes that data_parallel left unchanged
  double grad_error = -1;          // max relative L2 of data_parallel's gradients vs one device's
};

// The real thing: data_parallel on CUDA devices, its parts on CPU ones.
template <class Holder>
torch::Tensor real_data_parallel(Holder model, const torch::Tensor& x, const std::vector<torch::Device>& devices) {
#ifdef NNLINT_TORCH_CUDA
  if (devices[0].is_cuda()) return torch::nn::parallel::data_parallel(model, x, devices);
#endif
  auto replicas = torch::nn::parallel::replicate(model, devices);
  auto chunks = x.chunk(static_cast<int64_t>(devices.size()));
  std::vector<torch::Tensor> inputs(chunks.begin(), chunks.end());
  std::vector<torch::Device> used(devices.begin(), devices.begin() + static_cast<std::ptrdiff_t>(inputs.size()));
  replicas.resize(inputs.size());
  return torch::cat(torch::nn::parallel::parallel_apply(replicas, inputs, used));
}

template <class Holder>
Outcome libtorch_outcome(Holder model, const torch::Tensor& x, const std::vector<torch::Device>& devices) {
  Outcome o;
  // What a plain forward of the whole batch changes, on a copy.
  auto plain = std::dynamic_pointer_cast<typename Holder::ContainedType>(model->clone(devices[0]));
  { torch::NoGradGuard no_grad; plain->forward(x.to(devices[0])); }
  std::set<std::string> plain_changes = changed_buffers(*model, *plain);
  // One device's gradients, on a fresh copy.
  auto single = std::dynamic_pointer_cast<typename Holder::ContainedType>(model->clone(devices[0]));
  projection_loss(single->forward(x.to(devices[0]))).backward();

  auto before = model->clone();
  try {
    projection_loss(real_data_parallel(model, x, devices)).backward();
  } catch (const std::exception& e) {
    std::string what = e.what();
    o.thrown = what.substr(0, what.find('\n'));
    return o;
  }
  std::set<std::string> dp_changes = changed_buffers(*before, *model);
  for (const auto& b : plain_changes)
    if (!dp_changes.count(b)) o.lost.insert(b);
  o.grad_error = 0;
  auto mine = single->named_parameters();
  for (const auto& p : model->named_parameters()) {
    const torch::Tensor* g1 = mine.find(p.key());
    if (!p.value().grad().defined() || !g1 || !g1->grad().defined()) continue;
    torch::Tensor a = p.value().grad().to(torch::kCPU, torch::kDouble), b = g1->grad().to(torch::kCPU, torch::kDouble);
    o.grad_error = std::max(o.grad_error, (a - b).norm().item<double>() / std::max(b.norm().item<double>(), 1e-30));
  }
  for (auto& p : model->parameters()) p.mutable_grad() = torch::Tensor();
  return o;
}

struct Row {
  std::string model, libtorch, verifier;
  bool agree;
  std::string cost;  // the verifier's step time and peak memory (CUDA), or ""
};

std::set<std::string> rule_parameters(const Report& r, const std::string& rule) {
  std::set<std::string> out;
  for (const auto& f : r.findings)
    if (f.rule == rule) out.insert(f.parameter);
  return out;
}

bool has(const Report& r, const std::string& rule) {
  for (const auto& f : r.findings)
    if (f.rule == rule) return true;
  return false;
}

// by_design: the model draws random numbers or couples the batch, so data_parallel's gradients
// differ from one device's and that is no defect. must_name: a rule the verifier must report
// whatever LibTorch does (a defect that fails only on some devices).
template <class Holder>
Row compare(const std::string& name, std::function<Holder()> make, int64_t samples, bool by_design,
            const std::vector<torch::Device>& devices, const char* must_name = nullptr) {
  torch::manual_seed(0);
  Holder model = make();
  model->to(devices[0]);
  torch::Tensor x = torch::randn({samples, 8}, torch::TensorOptions().device(devices[0]));
  Outcome real = libtorch_outcome(model, x, devices);

  nnlint::verify::Options options;
  options.devices = devices;
  options.loss = projection_loss;
  Report r = nnlint::verify::check_replicas(model, x, options);
  std::cerr << "=== " << name << "\n" << r.to_text() << "\n";

  const bool device_finding = has(r, "nn-runtime-made-on-other-device") || has(r, "nn-runtime-step-failed");
  const bool mismatch = has(r, "nn-runtime-gradient-mismatch");
  const std::set<std::string> lost = rule_parameters(r, "nn-runtime-lost-buffer-update");
  bool agree = (!real.thrown.empty()) == device_finding && (!must_name || has(r, must_name));
  if (real.thrown.empty()) {
    agree = agree && lost == real.lost;
    const bool grads_equal = real.grad_error <= 1e-3;
    agree = agree && (by_design ? !mismatch : grads_equal == !mismatch);
  }
  char err[32];
  std::snprintf(err, sizeof err, "%.2g", real.grad_error);
  Row row{name,
          real.thrown.empty() ? "ran; lost: " + join(real.lost) + "; grad err " + err : "threw: " + real.thrown.substr(0, 90),
          "", agree, ""};
  for (const char* key : {"step time", "peak memory"})
    if (const std::string* v = r.info_value(key)) row.cost += (row.cost.empty() ? "" : "; ") + *v;
  std::set<std::string> rules;
  for (const auto& f : r.findings) rules.insert(f.rule + (f.rule == "nn-runtime-lost-buffer-update" ? "(" + f.parameter + ")" : ""));
  row.verifier = r.ok() ? "ok" : join(rules);
  return row;
}

}  // namespace
}  // namespace nnlint_test

int main(int argc, char** argv) {
  using namespace nnlint_test;
  const std::string mode = argc > 1 ? argv[1] : "cpu";
  std::vector<torch::Device> devices;
  if (mode == "cuda") {
    const int n = static_cast<int>(torch::cuda::device_count());
    if (n == 0) {
      std::cerr << "no CUDA device\n";
      return 77;
    }
    for (int i = 0; i < std::max(n, 2); ++i) devices.emplace_back(torch::kCUDA, static_cast<c10::DeviceIndex>(n > 1 ? i : 0));
  } else {
    devices = {torch::Device(torch::kCPU), torch::Device(torch::kCPU)};
  }
  auto eval = [](auto holder) {
    holder->eval();
    return holder;
  };
  std::vector<Row> rows = {
      compare<Mlp>("clean MLP", [] { return Mlp(); }, 6, false, devices),
      compare<DropoutMlp>("Dropout (training)", [] { return DropoutMlp(); }, 6, true, devices),
      compare<FunctionalDropout>("functional dropout (training)", [] { return FunctionalDropout(); }, 6, true, devices),
      compare<BatchNormNet>("BatchNorm (training)", [] { return BatchNormNet(); }, 6, true, devices),
      compare<BatchNormNet>("BatchNorm (eval)", [&] { return eval(BatchNormNet()); }, 6, false, devices),
      compare<LayerNormHead>("LayerNorm (eval), 3 samples", [&] { return eval(LayerNormHead()); }, 3, false, devices),
      compare<ReadOnlyBuffer>("read-only buffer", [] { return ReadOnlyBuffer(); }, 4, false, devices),
      compare<CounterBuffer>("counter buffer", [] { return CounterBuffer(); }, 4, false, devices),
      compare<Aliased>("aliased list (facts.md)", [] { return Aliased(); }, 4, false, devices, "nn-container-alias"),
  };
  if (devices[0].is_cuda()) {
    rows.push_back(compare<CudaMask>("mask on kCUDA (no index)", [] { return CudaMask(false); }, 4, false, devices));
    rows.push_back(compare<CudaMask>("mask on x.options()", [] { return CudaMask(true); }, 4, false, devices));
  }
  std::string device_list;
  for (const auto& d : devices) device_list += (device_list.empty() ? "" : ", ") + d.str();
  std::cout << "devices: " << device_list << ", libtorch " << TORCH_VERSION << "\n\n"
            << "| model | LibTorch data_parallel | verifier | agree | verifier's step time; peak memory |\n"
            << "|---|---|---|---|---|\n";
  int disagreements = 0;
  for (const Row& row : rows) {
    std::cout << "| " << row.model << " | " << row.libtorch << " | " << row.verifier << " | "
              << (row.agree ? "yes" : "**NO**") << " | " << (row.cost.empty() ? "—" : row.cost) << " |\n";
    disagreements += row.agree ? 0 : 1;
  }
  std::cout << "\n" << rows.size() - disagreements << " of " << rows.size() << " agree\n";
  return disagreements == 0 ? 0 : 1;
}
