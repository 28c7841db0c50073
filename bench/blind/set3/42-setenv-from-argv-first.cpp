// TAGS: cuda-visible-devices-late, set-before-any-cuda-call
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>

int main(int argc, char **argv) {
  if (argc > 1) setenv("CUDA_VISIBLE_DEVICES", argv[1], 1);

  torch::manual_seed(0);
  const torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  torch::nn::Sequential net(torch::nn::Linear(4, 16), torch::nn::ReLU(), torch::nn::Linear(16, 1));
  net->to(device);
  torch::optim::SGD opt(net->parameters(), 0.1);
  auto loss = net->forward(torch::randn({8, 4}, device)).pow(2).mean();
  loss.backward();
  opt.step();
  std::cout << loss.item<float>() << "\n";
}
