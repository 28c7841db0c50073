// TAGS: cuda-visible-devices-late, helper-call-chain
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>
#include <string>

void print_banner() {
  std::cout << "libtorch trainer, " << torch::cuda::device_count() << " GPU(s) visible\n";
}

void bind_gpu(int local_rank) {
  setenv("CUDA_VISIBLE_DEVICES", std::to_string(local_rank).c_str(), 1);
}

int main() {
  print_banner();
  const char *local_rank = std::getenv("LOCAL_RANK");
  bind_gpu(local_rank ? std::atoi(local_rank) : 0);  // EXPECT: nn-cuda-visible-devices-late

  torch::Device device(torch::kCUDA, 0);
  auto net = torch::nn::Linear(8, 8);
  net->to(device);
  std::cout << net(torch::randn({2, 8}, device)) << "\n";
}
