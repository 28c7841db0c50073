// TAGS: cuda-visible-devices-late, seed-helper-before-setenv
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>

void seed_everything(int seed) {
  std::srand(seed);
  torch::manual_seed(seed);
  if (torch::cuda::is_available()) torch::cuda::manual_seed_all(seed);
}

int main() {
  seed_everything(42);
  if (const char *gpu = std::getenv("TRAIN_GPU")) setenv("CUDA_VISIBLE_DEVICES", gpu, 1);  // EXPECT: nn-cuda-visible-devices-late

  torch::Device device(torch::kCUDA);
  torch::nn::Linear model(32, 2);
  model->to(device);
  std::cout << model(torch::randn({1, 32}, device)) << "\n";
}
