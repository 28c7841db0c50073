// TAGS: data-parallel-lost-buffers, replicate-by-hand-user-buffer
#include <torch/torch.h>
#include <memory>
#include <vector>

// torch/nn/parallel/data_parallel.h pulls in CUDA headers; declare its template
// as that header does.
namespace torch {
namespace nn {
namespace parallel {
template <typename ModuleType>
std::vector<std::shared_ptr<ModuleType>> replicate(const std::shared_ptr<ModuleType> &module,
                                                   const std::vector<Device> &devices);
}  // namespace parallel
}  // namespace nn
}  // namespace torch

struct ScaledRegressorImpl : torch::nn::Cloneable<ScaledRegressorImpl> {
  ScaledRegressorImpl(int64_t in, int64_t out) : in_(in), out_(out) { reset(); }

  void reset() override {
    fc_ = register_module("fc", torch::nn::Linear(in_, out_));
    scale_ = register_buffer("scale", torch::ones({1}));
  }

  torch::Tensor forward(torch::Tensor x) {
    if (is_training()) {
      torch::NoGradGuard no_grad;
      scale_.mul_(0.99).add_(0.01 * x.abs().mean());
    }
    return fc_(x / scale_);
  }

  int64_t in_, out_;
  torch::nn::Linear fc_{nullptr};
  torch::Tensor scale_;
};
TORCH_MODULE(ScaledRegressor);

void train_step(ScaledRegressor model, torch::optim::Optimizer &opt, const torch::Tensor &x, const torch::Tensor &y,
                const std::vector<torch::Device> &devices) {
  model->train();
  auto replicas = torch::nn::parallel::replicate(model.ptr(), devices);  // EXPECT: nn-data-parallel-lost-buffers
  auto xs = x.chunk(static_cast<int64_t>(replicas.size()));
  auto ys = y.chunk(static_cast<int64_t>(replicas.size()));
  torch::Tensor loss;
  for (size_t i = 0; i < replicas.size(); ++i) {
    auto out = replicas[i]->forward(xs[i].to(devices[i]));
    auto part = torch::mse_loss(out, ys[i].to(devices[i])).to(devices.front());
    loss = loss.defined() ? loss + part : part;
  }
  opt.zero_grad();
  loss.backward();
  opt.step();
}

int main() {
  std::vector<torch::Device> devices{torch::Device(torch::kCUDA, 0), torch::Device(torch::kCUDA, 1)};
  ScaledRegressor model(16, 1);
  model->to(devices.front());
  torch::optim::SGD opt(model->parameters(), 0.01);
  train_step(model, opt, torch::randn({64, 16}, devices.front()), torch::randn({64, 1}, devices.front()), devices);
}
