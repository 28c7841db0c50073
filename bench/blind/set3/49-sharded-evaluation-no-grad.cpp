// TAGS: data-parallel-lost-buffers, evaluation-under-no-grad
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

struct ResNetLiteImpl : torch::nn::Cloneable<ResNetLiteImpl> {
  ResNetLiteImpl() { reset(); }

  void reset() override {
    conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)));
    bn_ = register_module("bn", torch::nn::BatchNorm2d(16));
    fc_ = register_module("fc", torch::nn::Linear(16, 10));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn_(conv_(x)));
    return fc_(torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1));
  }
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::BatchNorm2d bn_{nullptr};
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(ResNetLite);

// Training runs on the first GPU only; evaluation is sharded over all of them.
void train_step(ResNetLite model, torch::optim::Optimizer &opt, const torch::Tensor &x, const torch::Tensor &y) {
  model->train();
  auto loss = torch::cross_entropy_loss(model(x), y);
  opt.zero_grad();
  loss.backward();
  opt.step();
}

double evaluate(ResNetLite model, const torch::Tensor &x, const torch::Tensor &y,
                const std::vector<torch::Device> &devices) {
  model->eval();
  torch::NoGradGuard no_grad;
  auto logits = torch::nn::parallel::data_parallel(model, x, devices);
  return logits.argmax(1).eq(y).to(torch::kFloat).mean().item<double>();
}

int main() {
  std::vector<torch::Device> devices{torch::Device(torch::kCUDA, 0), torch::Device(torch::kCUDA, 1)};
  ResNetLite model;
  model->to(devices.front());
  torch::optim::SGD opt(model->parameters(), 0.1);
  auto opts = torch::TensorOptions().device(devices.front());
  train_step(model, opt, torch::randn({32, 3, 32, 32}, opts), torch::randint(0, 10, {32}, opts.dtype(torch::kLong)));
  std::cout << evaluate(model, torch::randn({256, 3, 32, 32}, opts), torch::randint(0, 10, {256}, opts.dtype(torch::kLong)), devices)
            << "\n";
}
