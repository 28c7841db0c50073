// TAGS: nn-cuda-visible-devices-late, helper-after-availability-check
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>
#include <string>

// Each worker process is meant to see only its own GPU. The launcher checks
// that CUDA works first, then narrows the visible devices.
static void bind_local_gpu(int local_rank) {
  setenv("CUDA_VISIBLE_DEVICES", std::to_string(local_rank).c_str(), 1);
}

int main(int argc, char **argv) {
  int local_rank = argc > 1 ? std::atoi(argv[1]) : 0;
  if (!torch::cuda::is_available()) {
    std::cerr << "worker " << local_rank << ": no CUDA device\n";
    return 1;
  }
  bind_local_gpu(local_rank);  // EXPECT: nn-cuda-visible-devices-late
  torch::Device device(torch::kCUDA, 0);
  auto net = torch::nn::Linear(8, 8);
  net->to(device);
  auto y = net(torch::randn({2, 8}, device));
  return y.is_cuda() ? 0 : 1;
}
