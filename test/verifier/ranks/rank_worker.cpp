// One rank of a check_ranks scenario. Launched by test_ranks.cpp (CPU, Gloo) or by torchrun
// (GPU, NCCL; scripts/gpu-check.sh) as: rank_worker <scenario>, with torchrun's variables set.
// Writes the report to $NNLINT_OUT/rank<RANK>.json and .txt (and prints the text).
//   NNLINT_DEVICE=cuda   run on cuda:LOCAL_RANK (default: the CPU)
//   NNLINT_TIMEOUT_MS    RankOptions::timeout (default 30000)
#include "../models.h"

#include <nnlint/verify.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <thread>

namespace {

using namespace nnlint_test;
using nnlint::verify::Report;
using nnlint::verify::check_ranks;
using nnlint::verify::RankOptions;

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

const int kRank = env_int("RANK", 0);
const int kWorld = env_int("WORLD_SIZE", 1);
const int kLocalRank = env_int("LOCAL_RANK", kRank);

torch::Device device() {
  const char* d = std::getenv("NNLINT_DEVICE");
  if (d && std::string(d) == "cuda") return torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(kLocalRank));
  return torch::Device(torch::kCPU);
}

// Each rank's own data: different on every rank, as a DistributedSampler gives. It reseeds, so
// build the model in a statement before it (the order in which a call's arguments are
// evaluated is unspecified: g++ builds the batch first).
torch::Tensor batch(int64_t n) {
  torch::manual_seed(1000 + kRank);
  return torch::randn({n, 8}).to(device());
}

// Every rank builds the same initial weights, as after a broadcast from rank 0.
template <class Holder>
Holder same_everywhere(Holder model) {
  model->to(device());
  return model;
}
Mlp mlp(int64_t width = 16, int64_t depth = 2) {
  torch::manual_seed(0);
  return same_everywhere(Mlp(8, width, depth, 4));
}

struct ThrowsOnRankOneImpl : Cloneable<ThrowsOnRankOneImpl> {
  ThrowsOnRankOneImpl() { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) {
    if (kRank == 1) throw 42;
    return fc(x);
  }
  Linear fc{nullptr};
};
TORCH_MODULE(ThrowsOnRankOne);

// The last rank's forward takes three times the timeout.
struct SlowOnLastRankImpl : Cloneable<SlowOnLastRankImpl> {
  explicit SlowOnLastRankImpl(int sleep_ms = 0) : sleep_ms_(sleep_ms) { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) {
    if (kRank == kWorld - 1) std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms_));
    return fc(x);
  }
  int sleep_ms_;
  Linear fc{nullptr};
};
TORCH_MODULE(SlowOnLastRank);

RankOptions options() {
  RankOptions o;
  o.timeout = std::chrono::milliseconds(env_int("NNLINT_TIMEOUT_MS", 30000));
  return o;
}

using Scenario = std::function<Report()>;

const std::map<std::string, Scenario>& scenarios() {
  static const std::map<std::string, Scenario> all = {
      {"clean",
       [] {
         auto model = mlp();
         return check_ranks(model, batch(4), options());
       }},
      {"clean_resnet",
       [] {
         torch::manual_seed(0);
         auto model = same_everywhere(ResNetStyle());
         torch::manual_seed(1000 + kRank);
         return check_ranks(model, torch::randn({2, 3, 8, 8}).to(device()), options());
       }},
      // Ranks 0, 2, ... get 3 samples (extra is used), ranks 1, 3, ... get 2 (it is not).
      {"partial_gradient",
       [] {
         torch::manual_seed(0);
         auto model = same_everywhere(DataDependent());
         return check_ranks(model, batch(kRank % 2 == 0 ? 3 : 2), options());
       }},
      {"unused_everywhere",
       [] {
         torch::manual_seed(0);
         auto model = same_everywhere(UnusedParam());
         return check_ranks(model, batch(4), options());
       }},
      // Rank 1 is wider; rank 2 (if any) is deeper.
      {"different_models",
       [] {
         auto model = mlp(kRank == 1 ? 32 : 16, kRank == 2 ? 3 : 2);
         return check_ranks(model, batch(4), options());
       }},
      // Each rank seeds its own weights: nothing was broadcast from rank 0.
      {"not_broadcast",
       [] {
         torch::manual_seed(kRank);
         auto model = same_everywhere(Mlp());
         return check_ranks(model, batch(4), options());
       }},
      {"throw_42",
       [] {
         torch::manual_seed(0);
         auto model = same_everywhere(ThrowsOnRankOne());
         return check_ranks(model, batch(4), options());
       }},
      {"slow_rank",
       [] {
         torch::manual_seed(0);
         auto model = same_everywhere(SlowOnLastRank(3 * env_int("NNLINT_TIMEOUT_MS", 30000)));
         return check_ranks(model, batch(4), options());
       }},
      // The last rank ends before it calls check_ranks (a crash, an early return).
      {"rank_exits",
       []() -> Report {
         if (kRank == kWorld - 1) std::exit(3);
         auto model = mlp();
         return check_ranks(model, batch(4), options());
       }},
      {"empty_shard",
       [] {
         auto model = mlp();
         return check_ranks(model, batch(kRank == 1 ? 0 : 4), options());
       }},
      {"nan_input",
       [] {
         auto model = mlp();
         torch::Tensor x = batch(4);
         if (kRank == 1) x[2][5] = std::numeric_limits<float>::quiet_NaN();
         return check_ranks(model, x, options());
       }},
      {"no_parameters",
       [] {
         auto model = same_everywhere(NoParameters());
         return check_ranks(model, batch(4), options());
       }},
      // Every process made a process group of its own (world size 1): nothing is summed.
      {"group_of_one",
       [] {
         RankOptions o = options();
         o.all_reduce = [](torch::Tensor&, std::chrono::milliseconds) {};
         auto model = mlp();
         return check_ranks(model, batch(4), o);
       }},
      // GPU only: a checkpoint saved from cuda:0 loaded without a device on every rank.
      {"load_without_device",
       [] {
         auto saved = mlp();
         saved->to(torch::Device(torch::kCUDA, 0));
         const std::string path = "/tmp/nnlint_ckpt_rank" + std::to_string(kRank) + ".pt";
         torch::save(saved, path);
         auto model = mlp();  // on cuda:LOCAL_RANK
         torch::load(model, path);
         return check_ranks(model, batch(4), options());
       }},
      // The benchmark model of bench/verifier: 20 layers of 1024 (21 M parameters), batch 256.
      {"big_mlp",
       [] {
         torch::manual_seed(0);
         auto model = same_everywhere(Mlp(1024, 1024, 20, 1024));
         torch::manual_seed(1000 + kRank);
         torch::Tensor x = torch::randn({256, 1024}).to(device());
         const auto start = std::chrono::steady_clock::now();
         Report r = check_ranks(model, x, options());
         const auto second = std::chrono::steady_clock::now();
         Report again = check_ranks(model, x, options());  // the process group is made again
         const auto end = std::chrono::steady_clock::now();
         auto ms = [](auto d) { return std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(d).count()); };
         r.add_info("check_ranks wall time", ms(second - start) + " ms first call, " + ms(end - second) + " ms second (" +
                                                 (again.ok() ? "ok" : "findings") + ")");
         return r;
       }},
      // GPU only: every rank loads a 128 MiB checkpoint saved from cuda:0 without a device, so
      // it lands on cuda:0, and keeps it while its model trains on its own GPU.
      {"checkpoint_on_gpu0",
       [] {
         const std::string path = "/tmp/nnlint_ckpt_gpu0_rank" + std::to_string(kRank) + ".pt";
         torch::save(torch::ones({int64_t{32} << 20}, torch::Device(torch::kCUDA, 0)), path);
         torch::Tensor checkpoint;
         torch::load(checkpoint, path);
         auto model = mlp();
         return check_ranks(model, batch(4), options());
       }},
      // GPU only: rank 1 keeps a 4 MiB tensor made with torch::kCUDA and no index, which means
      // the current device: cuda:0, since nobody called set_device.
      {"stray_tensor_on_gpu0",
       [] {
         torch::Tensor stray;
         if (kRank == 1) stray = torch::ones({1 << 20}, torch::kCUDA);
         auto model = mlp();
         return check_ranks(model, batch(4), options());
       }},
  };
  return all;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || !scenarios().count(argv[1])) {
    std::cerr << "usage: rank_worker <scenario>; scenarios:";
    for (const auto& s : scenarios()) std::cerr << " " << s.first;
    std::cerr << "\n";
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  Report r = scenarios().at(argv[1])();
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  const std::string text = "=== " + std::string(argv[1]) + " rank " + std::to_string(kRank) + "/" +
                           std::to_string(kWorld) + " (model, batch and check: " + std::to_string(ms.count()) +
                           " ms)\n" + r.to_text();
  std::cout << text << std::flush;
  if (const char* dir = std::getenv("NNLINT_OUT")) {
    const std::string base = std::string(dir) + "/rank" + std::to_string(kRank);
    std::ofstream(base + ".json") << r.to_json();
    std::ofstream(base + ".txt") << text;
  }
  return 0;
}
