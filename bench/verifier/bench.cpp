// One verified step (nnlint::verify::check_replicas) against one plain data_parallel step
// (forward, sum loss, backward) on the same model and GPUs.
// Usage: verifier_bench [layers=20] [width=1024] [batch=256] [steps=30]
#include "../../test/verifier/models.h"

#include <nnlint/verify.h>
#include <torch/nn/parallel/data_parallel.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

namespace {

void sync_all(const std::vector<torch::Device>& devices) {
  for (const auto& d : devices) torch::cuda::synchronize(d.index());
}

// Best mean seconds per step over a few blocks (the machines are shared and noisy).
double seconds_per_step(const std::function<void()>& step, const std::vector<torch::Device>& devices, int steps) {
  for (int i = 0; i < 3; ++i) step();  // warm-up: allocator, cuBLAS handles, NCCL communicators
  sync_all(devices);
  double best = 1e30;
  for (int block = 0; block < 3; ++block) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < steps; ++i) step();
    sync_all(devices);
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / steps);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  const int64_t layers = argc > 1 ? std::stoll(argv[1]) : 20, width = argc > 2 ? std::stoll(argv[2]) : 1024;
  const int64_t batch = argc > 3 ? std::stoll(argv[3]) : 256;
  const int steps = argc > 4 ? std::stoi(argv[4]) : 30;
  const int64_t gpus = static_cast<int64_t>(torch::cuda::device_count());
  if (gpus < 1) {
    std::fprintf(stderr, "needs a CUDA device\n");
    return 2;
  }
  // With one GPU, data_parallel over {cuda:0, cuda:0} clones two replicas all the same.
  std::vector<torch::Device> devices = {torch::Device("cuda:0"), torch::Device(gpus > 1 ? "cuda:1" : "cuda:0")};
  torch::manual_seed(0);
  nnlint_test::Mlp model(width, width, layers, width);
  model->to(devices[0]);
  torch::Tensor x = torch::randn({batch, width}, torch::TensorOptions().device(devices[0]));

  auto plain = [&] {
    model->zero_grad();
    torch::Tensor out = torch::nn::parallel::data_parallel(model, x, devices);
    out.sum().backward();
  };
  nnlint::verify::Options full;
  full.devices = devices;
  nnlint::verify::Options observe_only = full;
  observe_only.compare_gradients = false;
  nnlint::verify::Report last;
  auto verified = [&] { last = nnlint::verify::check_replicas(model, x, full); };
  auto observed = [&] { last = nnlint::verify::check_replicas(model, x, observe_only); };

  // Context for the absolute numbers: both steps copy every parameter from cuda:0 to cuda:1.
  std::vector<torch::Tensor> pieces;
  for (const auto& p : model->parameters()) pieces.push_back(p.detach().reshape(-1));
  torch::Tensor flat = torch::cat(pieces);
  const double t_copy = seconds_per_step([&] { flat.to(devices[1]); }, devices, steps);
  const double t_single = seconds_per_step([&] {
    model->zero_grad();
    model->forward(x).sum().backward();
  }, devices, steps);
  const double t_clone = seconds_per_step([&] { model->clone(devices[1]); }, devices, steps);
  const double t_plain = seconds_per_step(plain, devices, steps);
  const double t_full = seconds_per_step(verified, devices, steps);
  const double t_observed = seconds_per_step(observed, devices, steps);
  nnlint::verify::Report report = nnlint::verify::check_replicas(model, x, full);

  std::printf("model: %lld-layer %lld-wide MLP, batch %lld, devices %s and %s, %d steps x 3 blocks (best block)\n",
              static_cast<long long>(layers), static_cast<long long>(width), static_cast<long long>(batch),
              devices[0].str().c_str(), devices[1].str().c_str(), steps);
  std::printf("copy of all parameters (%.0f MB) to %s: %.3f ms\n", flat.numel() * 4 / 1e6, devices[1].str().c_str(),
              1e3 * t_copy);
  std::printf("plain step on cuda:0 alone (whole batch): %.3f ms\n", 1e3 * t_single);
  std::printf("model->clone(%s) (data_parallel does one per replica per step): %.3f ms\n", devices[1].str().c_str(),
              1e3 * t_clone);
  std::printf("plain data_parallel step:               %8.3f ms\n", 1e3 * t_plain);
  std::printf("verified step (all checks):             %8.3f ms  ratio %.2fx\n", 1e3 * t_full, t_full / t_plain);
  std::printf("verified step without whole-batch check: %7.3f ms  ratio %.2fx\n", 1e3 * t_observed,
              t_observed / t_plain);
  std::printf("target: <= 1.30x\n%s", report.to_text().c_str());
  // The replication warning is what this model is expected to get; anything else is a regression.
  const bool unexpected = std::any_of(report.findings.begin(), report.findings.end(), [](const auto& f) {
    return f.level != "note" && f.rule != "nn-runtime-replication-cost";
  });
  return unexpected ? 1 : 0;
}
