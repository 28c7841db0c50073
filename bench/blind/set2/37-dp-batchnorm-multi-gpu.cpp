// TAGS: nn-data-parallel-lost-buffers, data-parallel-training-loop
#include <torch/torch.h>
#include <vector>

// data_parallel.h pulls in CUDA headers that the scoring command line does
// not provide, so the template is declared here exactly as LibTorch 1.13's
// torch/nn/parallel/data_parallel.h declares it.
namespace torch {
namespace nn {
namespace parallel {
template <typename ModuleType>
Tensor data_parallel(ModuleType module, Tensor input, optional<std::vector<Device>> devices = nullopt,
                     optional<Device> output_device = nullopt, int64_t dim = 0);
}  // namespace parallel
}  // namespace nn
}  // namespace torch

// A small CNN with BatchNorm trained with data_parallel over every visible GPU.
struct SmallCNNImpl : torch::nn::Cloneable<SmallCNNImpl> {
  SmallCNNImpl() { reset(); }
  void reset() override {
    features = register_module("features", torch::nn::Sequential(
        torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)),
        torch::nn::BatchNorm2d(16),
        torch::nn::ReLU(),
        torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions(1)),
        torch::nn::Flatten()));
    fc = register_module("fc", torch::nn::Linear(16, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(features->forward(x)); }
  torch::nn::Sequential features{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(SmallCNN);

void train(SmallCNN model, int steps) {
  std::vector<torch::Device> devices;
  for (int64_t i = 0; i < static_cast<int64_t>(torch::cuda::device_count()); ++i)
    devices.emplace_back(torch::kCUDA, i);
  model->to(devices.front());
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  model->train();
  for (int s = 0; s < steps; ++s) {
    auto x = torch::randn({64, 3, 32, 32}, devices.front());
    auto y = torch::randint(0, 10, {64}, torch::TensorOptions().device(devices.front()).dtype(torch::kLong));
    auto out = torch::nn::parallel::data_parallel(model, x, devices, devices.front());  // EXPECT: nn-data-parallel-lost-buffers
    auto loss = torch::nll_loss(torch::log_softmax(out, 1), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

int main() {
  if (!torch::cuda::is_available()) return 0;
  train(SmallCNN(), 10);
  return 0;
}
