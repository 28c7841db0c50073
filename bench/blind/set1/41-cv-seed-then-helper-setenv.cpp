// TAGS: nn-cuda-visible-devices-late, helper-function
#include <torch/torch.h>
#include <cstdlib>
#include <string>

static void pin_gpu(int local_rank) {
  std::string id = std::to_string(local_rank);
  setenv("CUDA_VISIBLE_DEVICES", id.c_str(), 1);
}

// The seed is set first, for reproducibility, then each rank pins its GPU.
int main(int argc, char **argv) {
  int local_rank = argc > 1 ? std::atoi(argv[1]) : 0;
  torch::manual_seed(1234);
  pin_gpu(local_rank); // EXPECT: nn-cuda-visible-devices-late
  torch::Device device(torch::kCUDA, 0);
  auto x = torch::randn({4, 4}).to(device);
  return x.sum().item<float>() > 0 ? 0 : 1;
}
