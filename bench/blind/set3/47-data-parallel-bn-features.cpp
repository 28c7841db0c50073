// TAGS: data-parallel-lost-buffers, sequential-batchnorm
#include <torch/torch.h>
#include <vector>

// torch/nn/parallel/data_parallel.h pulls in CUDA headers; declare its template
// as that header does.
namespace torch {
namespace nn {
namespace parallel {
template <typename ModuleType>
Tensor data_parallel(ModuleType module, Tensor input, optional<std::vector<Device>> devices = nullopt,
                     optional<Device> output_device = nullopt, int64_t dim = 0);
}  // namespace parallel
}  // namespace nn
}  // namespace torch

struct CifarNetImpl : torch::nn::Cloneable<CifarNetImpl> {
  CifarNetImpl() { reset(); }

  void reset() override {
    features_ = register_module(
        "features", torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 32, 3).padding(1)),
                                          torch::nn::BatchNorm2d(32), torch::nn::ReLU(), torch::nn::MaxPool2d(2),
                                          torch::nn::Conv2d(torch::nn::Conv2dOptions(32, 64, 3).padding(1)),
                                          torch::nn::BatchNorm2d(64), torch::nn::ReLU(),
                                          torch::nn::AdaptiveAvgPool2d(1), torch::nn::Flatten()));
    classifier_ = register_module("classifier", torch::nn::Linear(64, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return classifier_(features_->forward(x)); }
  torch::nn::Sequential features_{nullptr};
  torch::nn::Linear classifier_{nullptr};
};
TORCH_MODULE(CifarNet);

void train_epoch(CifarNet model, torch::optim::SGD &opt, const std::vector<torch::Device> &devices, int steps) {
  model->train();
  for (int i = 0; i < steps; ++i) {
    auto images = torch::randn({128, 3, 32, 32}, devices.front());
    auto labels = torch::randint(0, 10, {128}, torch::TensorOptions().device(devices.front()).dtype(torch::kLong));
    auto logits = torch::nn::parallel::data_parallel(model, images, devices);  // EXPECT: nn-data-parallel-lost-buffers
    auto loss = torch::cross_entropy_loss(logits, labels);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

int main() {
  std::vector<torch::Device> devices;
  for (int i = 0; i < static_cast<int>(torch::cuda::device_count()); ++i)
    devices.emplace_back(torch::kCUDA, static_cast<c10::DeviceIndex>(i));
  CifarNet model;
  model->to(devices.front());
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  train_epoch(model, opt, devices, 100);
}
