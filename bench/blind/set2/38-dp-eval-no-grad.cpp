// TAGS: nn-data-parallel-lost-buffers, data-parallel-inference
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

// The same kind of model, but data_parallel is used only to score a large
// evaluation batch, in eval mode and without autograd.
struct ScorerImpl : torch::nn::Cloneable<ScorerImpl> {
  ScorerImpl() { reset(); }
  void reset() override {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 8, 3).padding(1)));
    bn = register_module("bn", torch::nn::BatchNorm2d(8));
    head = register_module("head", torch::nn::Linear(8, 2));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = torch::relu(bn(conv(x)));
    return head(h.mean({2, 3}));
  }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Scorer);

torch::Tensor score_all(Scorer model, torch::Tensor images) {
  std::vector<torch::Device> devices;
  for (int64_t i = 0; i < static_cast<int64_t>(torch::cuda::device_count()); ++i)
    devices.emplace_back(torch::kCUDA, i);
  model->to(devices.front());
  model->eval();
  torch::NoGradGuard no_grad;
  return torch::nn::parallel::data_parallel(model, images.to(devices.front()), devices);
}

int main() {
  if (!torch::cuda::is_available()) return 0;
  auto scores = score_all(Scorer(), torch::randn({256, 1, 28, 28}));
  return scores.size(0) == 256 ? 0 : 1;
}
