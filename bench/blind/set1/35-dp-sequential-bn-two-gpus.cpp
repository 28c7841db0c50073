// TAGS: nn-data-parallel-lost-buffers, sequential-member
#include <torch/torch.h>
#include <vector>

// Debian's LibTorch headers lack cuda.h, which <torch/nn/parallel/data_parallel.h>
// needs; this is that header's declaration of data_parallel (LibTorch 1.13).
namespace torch {
namespace nn {
namespace parallel {
template <typename ModuleType>
Tensor data_parallel(ModuleType module, Tensor input, optional<std::vector<Device>> devices = nullopt,
                     optional<Device> output_device = nullopt, int64_t dim = 0);
} // namespace parallel
} // namespace nn
} // namespace torch

struct CifarNetImpl : torch::nn::Module {
  CifarNetImpl() {
    features_ = register_module(
        "features", torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 32, 3).padding(1)),
                                          torch::nn::BatchNorm2d(32), torch::nn::ReLU(),
                                          torch::nn::AdaptiveAvgPool2d(torch::nn::AdaptiveAvgPool2dOptions(1))));
    fc_ = register_module("fc", torch::nn::Linear(32, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return fc_(features_->forward(x).flatten(1)); }
  torch::nn::Sequential features_{nullptr};
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(CifarNet);

void train_epoch(CifarNet &net, torch::optim::SGD &opt, const std::vector<std::pair<torch::Tensor, torch::Tensor>> &data) {
  std::vector<torch::Device> gpus{torch::Device(torch::kCUDA, 0), torch::Device(torch::kCUDA, 1)};
  net->train();
  for (const auto &[x, y] : data) {
    opt.zero_grad();
    torch::Tensor logits = torch::nn::parallel::data_parallel(net, x, gpus); // EXPECT: nn-data-parallel-lost-buffers
    torch::Tensor loss = torch::nn::functional::cross_entropy(logits, y.to(logits.device()));
    loss.backward();
    opt.step();
  }
}
