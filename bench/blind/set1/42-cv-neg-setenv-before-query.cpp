// TAGS: nn-cuda-visible-devices-late, ordering
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>
#include <string>

// The variable is set from the rank before anything touches CUDA.
int main(int argc, char **argv) {
  const char *rank_env = std::getenv("LOCAL_RANK");
  std::string rank = rank_env ? rank_env : (argc > 1 ? argv[1] : "0");
  setenv("CUDA_VISIBLE_DEVICES", rank.c_str(), 1);
  if (!torch::cuda::is_available()) {
    std::cerr << "no GPU\n";
    return 1;
  }
  torch::manual_seed(7);
  std::cout << torch::cuda::device_count() << "\n";
  return 0;
}
