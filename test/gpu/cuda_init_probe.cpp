// Which LibTorch calls initialise CUDA, measured: each call runs in a fresh
// child process, which then sets CUDA_VISIBLE_DEVICES="" and counts the GPUs.
// A runtime not yet started reads the empty list and sees none; one that the
// call started has read the variable already and still sees them. The table
// it prints backs isCudaEntryPoint() in analyzer/flow/TorchCalls.cpp and the
// table in docs/rules/nn-cuda-visible-devices-late.md.
//   cuda_init_probe            # prints a Markdown table; exit 1 if a control is wrong
#include <torch/torch.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

struct Candidate {
  std::string call;
  std::function<void()> run;
  int expected;  // for controls: 1 initialises, 0 does not; -1 unknown beforehand
};

std::vector<Candidate> candidates() {
  return {
      {"(nothing: control)", [] {}, 0},
      {"torch::zeros({2}) on the CPU (control)", [] { torch::zeros({2}); }, 0},
      {"torch::nn::Linear(2, 2) (control)", [] { torch::nn::Linear(2, 2); }, 0},
      {"torch::Device(\"cuda:0\") (control)", [] { torch::Device d("cuda:0"); }, 0},
      {"torch::zeros({2}, torch::kCUDA) (control)", [] { torch::zeros({2}, torch::kCUDA); }, 1},
      {"torch::cuda::is_available()", [] { torch::cuda::is_available(); }, -1},
      {"torch::cuda::device_count()", [] { torch::cuda::device_count(); }, -1},
      {"torch::cuda::cudnn_is_available()", [] { torch::cuda::cudnn_is_available(); }, -1},
      {"torch::cuda::manual_seed(1)", [] { torch::cuda::manual_seed(1); }, -1},
      {"torch::cuda::manual_seed_all(1)", [] { torch::cuda::manual_seed_all(1); }, -1},
      {"torch::cuda::synchronize()", [] { torch::cuda::synchronize(); }, -1},
      {"torch::manual_seed(1) (at::manual_seed)", [] { torch::manual_seed(1); }, -1},
      {"at::hasCUDA()", [] { at::hasCUDA(); }, -1},
      {"at::globalContext().hasCUDA()", [] { at::globalContext().hasCUDA(); }, -1},
      {"at::getNumGPUs()", [] { at::getNumGPUs(); }, -1},
      {"at::getAccelerator()", [] { at::getAccelerator(); }, -1},
      {"torch::ones({2}).pin_memory()", [] { torch::ones({2}).pin_memory(); }, -1},
      {"torch::ones({2}).is_pinned()", [] { torch::ones({2}).is_pinned(); }, -1},
      {"torch::empty({2}, TensorOptions().pinned_memory(true))",
       [] { torch::empty({2}, torch::TensorOptions().pinned_memory(true)); }, -1},
      {"torch::randn({2})", [] { torch::randn({2}); }, -1},
      {"module->to(torch::kCUDA)", [] { torch::nn::Linear l(2, 2); l->to(torch::kCUDA); }, -1},
      {"torch::Tensor::cuda()", [] { torch::ones({2}).cuda(); }, -1},
      {"torch::set_num_threads(2)", [] { torch::set_num_threads(2); }, -1},
  };
}

// 1: the call initialised CUDA; 0: it did not; 2: it threw.
int probe(const Candidate &c) {
  try {
    c.run();
  } catch (const std::exception &) {
    return 2;
  }
  setenv("CUDA_VISIBLE_DEVICES", "", 1);
  return torch::cuda::device_count() > 0 ? 1 : 0;
}

}  // namespace

int main() {
  // The parent never touches CUDA, so each child starts with a runtime not yet started.
  int wrong = 0;
  std::printf("| call | initialises CUDA |\n| --- | --- |\n");
  for (const Candidate &c : candidates()) {
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) _exit(probe(c));
    int status = 0;
    waitpid(pid, &status, 0);
    int result = WIFEXITED(status) ? WEXITSTATUS(status) : 3;
    const char *text = result == 1 ? "yes" : result == 0 ? "no" : result == 2 ? "threw" : "crashed";
    bool bad = c.expected >= 0 && result != c.expected;
    wrong += bad;
    std::printf("| `%s` | %s%s |\n", c.call.c_str(), text, bad ? " (control WRONG)" : "");
  }
  return wrong ? 1 : 0;
}
