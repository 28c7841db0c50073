// nn-cuda-visible-devices-late: CUDA_VISIBLE_DEVICES set after a CUDA
// initialisation on some path of the same function (directly, or through a
// function of this file that initialises CUDA), and settings made in time.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-cuda-visible-devices-late %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-cuda-visible-devices-late %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: %if !other-torch %{ %nnlint --checks=-*,nn-cuda-visible-devices-late --list-checks %s | FileCheck %s --check-prefix=LIST %}
// LIST: nn-cuda-visible-devices-late
// RUN: %if !other-torch %{ clang-tidy-19 -load %tidy_plugin '-checks=-*,nn-cuda-visible-devices-late' %s -- %stub_flags 2>/dev/null | FileCheck %s --check-prefix=TIDY %}
#include <torch/torch.h>

#include <cstdlib>
#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(4, 4))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// ---- Positives ------------------------------------------------------------

int pick_gpu(int rank) {
  if (!torch::cuda::is_available()) return 1;
  setenv("CUDA_VISIBLE_DEVICES", std::to_string(rank).c_str(), 1);
  // CHECK: cuda-visible-devices-late.cpp:[[@LINE-1]]:3: warning: 'setenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'pick_gpu'; the CUDA runtime has read it already, so it has no effect and device indices still name the physical GPUs [nn-cuda-visible-devices-late]
  // CHECK: [[@LINE-3]]:8: note: CUDA is initialised here, by torch::cuda::is_available()
  // TIDY: cuda-visible-devices-late.cpp:[[@LINE-3]]:3: warning: 'setenv' sets CUDA_VISIBLE_DEVICES{{.*}}[nn-cuda-visible-devices-late]
  return 0;
}

// putenv through a buffer; a module moved to CUDA on one branch only.
static char kOnlyFirst[] = "CUDA_VISIBLE_DEVICES=0";
void setup(bool gpu) {
  Net net;
  if (gpu) net->to(torch::kCUDA);
  putenv(kOnlyFirst);
  // CHECK: [[@LINE-1]]:3: warning: 'putenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'setup'
  // CHECK: [[@LINE-3]]:12: note: CUDA is initialised here, by a module moved to CUDA
}

// A tensor made on a device named by a string, and one moved there.
void tensors(torch::Tensor x) {
  torch::Device gpu1("cuda:1");
  auto y = x.to(gpu1);
  auto z = torch::zeros({2}, torch::TensorOptions().device(torch::kCUDA));
  ::setenv("CUDA_VISIBLE_DEVICES", "1", 1);
  // CHECK: [[@LINE-1]]:3: warning: 'setenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'tensors'
  // CHECK: [[@LINE-4]]:12: note: CUDA is initialised here, by a tensor moved to CUDA
}

// Through a function of this file, two calls deep.
void make_workspace() { auto w = torch::ones({1}).cuda(); }
void warm_up() { make_workspace(); }
void launch() {
  warm_up();
  setenv("CUDA_VISIBLE_DEVICES", "2,3", 1);
  // CHECK: [[@LINE-1]]:3: warning: 'setenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'launch'
  // CHECK: [[@LINE-3]]:3: note: CUDA is initialised here, by a call to 'warm_up', which initialises CUDA
  // CHECK: [[@LINE-7]]:34: note: it initialises CUDA here: a tensor moved to CUDA
}

// A loop: the second iteration's setenv comes after the first's device_count().
void per_job(int jobs) {
  for (int i = 0; i < jobs; ++i) {
    setenv("CUDA_VISIBLE_DEVICES", std::to_string(i).c_str(), 1);
    // CHECK: [[@LINE-1]]:5: warning: 'setenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'per_job'
    // CHECK: [[@LINE+1]]:9: note: CUDA is initialised here, by torch::cuda::device_count()
    if (torch::cuda::device_count() == 0) break;
  }
}

// LibTorch calls outside torch::cuda that start the CUDA runtime, each measured
// on a GPU (test/gpu/cuda_init_probe.cpp).
void seeded() {
  torch::manual_seed(42);
  setenv("CUDA_VISIBLE_DEVICES", "0", 1);
  // CHECK: [[@LINE-1]]:3: warning: 'setenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'seeded'
  // CHECK: [[@LINE-3]]:3: note: CUDA is initialised here, by at::manual_seed()
}
void asks_build(bool quiet) {
  if (at::hasCUDA() && quiet) return;
  putenv(kOnlyFirst);
  // CHECK: [[@LINE-1]]:3: warning: 'putenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'asks_build'
  // CHECK: [[@LINE-3]]:7: note: CUDA is initialised here, by at::hasCUDA()
}
void pinned(torch::Tensor x) {
  auto staging = torch::empty({64}, torch::TensorOptions().dtype(torch::kFloat).pinned_memory(true));
  setenv("CUDA_VISIBLE_DEVICES", "1", 1);
  // CHECK: [[@LINE-1]]:3: warning: 'setenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'pinned'
  // CHECK: [[@LINE-3]]:18: note: CUDA is initialised here, by a tensor in pinned memory
  auto page_locked = x.pin_memory();
  setenv("CUDA_VISIBLE_DEVICES", "1", 1);
  // CHECK: [[@LINE-1]]:3: warning: 'setenv' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'pinned'
  // CHECK: [[@LINE-7]]:18: note: CUDA is initialised here, by a tensor in pinned memory
}

// Set by a function of this file that is called after CUDA started.
void use_gpu(int rank) { setenv("CUDA_VISIBLE_DEVICES", std::to_string(rank).c_str(), 1); }
void select_device(int rank) { use_gpu(rank); }
int run_rank(int rank) {
  if (!torch::cuda::is_available()) return 1;
  select_device(rank);
  // CHECK: [[@LINE-1]]:3: warning: 'select_device' sets CUDA_VISIBLE_DEVICES after CUDA was initialised in 'run_rank'
  // CHECK: [[@LINE-3]]:8: note: CUDA is initialised here, by torch::cuda::is_available()
  // CHECK: [[@LINE-7]]:26: note: 'select_device' sets it here, with setenv
  return 0;
}

// ---- Negatives ------------------------------------------------------------

// Calls that were measured not to start CUDA; the setting made in a callee in time.
void in_time(torch::Tensor x, int rank) {
  use_gpu(rank);
  bool pinned = x.is_pinned();
  auto plain = torch::empty({64}, torch::TensorOptions().pinned_memory(false));
  setenv("CUDA_VISIBLE_DEVICES", "0", 1);
  torch::manual_seed(rank);
  (void)pinned;
}

int set_first() {
  setenv("CUDA_VISIBLE_DEVICES", "1", 1);
  return torch::cuda::is_available() ? 0 : 1;
}

void other_variable_and_paths(bool probe, torch::Tensor x, const char *name) {
  if (probe) {
    if (torch::cuda::is_available()) return;
    return;
  }
  setenv("CUDA_VISIBLE_DEVICES", "0", 1);  // no path from the probe reaches it
  auto cpu = x.to(torch::kCPU);
  torch::Device later(torch::kCUDA);  // naming a device does not initialise CUDA
  setenv("OMP_NUM_THREADS", "4", 1);
  setenv(name, "0", 1);  // a name not known here
  auto probe_later = [] { return torch::cuda::is_available(); };  // not called before
  setenv("CUDA_VISIBLE_DEVICES", "0", 1);
  (void)probe_later;
  (void)later;
}

// A helper of this file that does not touch CUDA.
void read_config() { auto t = torch::zeros({2}); }
void configure() {
  read_config();
  setenv("CUDA_VISIBLE_DEVICES", "0", 1);
}
