// TAGS: nn-data-parallel-lost-buffers, library-option
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

// Normalisation without running statistics: nothing for the replicas to lose.
struct SegNetImpl : torch::nn::Module {
  SegNetImpl() {
    conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)));
    gn_ = register_module("gn", torch::nn::GroupNorm(torch::nn::GroupNormOptions(4, 16)));
    in_ = register_module("in", torch::nn::InstanceNorm2d(torch::nn::InstanceNorm2dOptions(16).affine(true)));
    out_ = register_module("out", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 2, 1)));
  }
  torch::Tensor forward(torch::Tensor x) { return out_(torch::relu(in_(gn_(conv_(x))))); }
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::GroupNorm gn_{nullptr};
  torch::nn::InstanceNorm2d in_{nullptr};
  torch::nn::Conv2d out_{nullptr};
};
TORCH_MODULE(SegNet);

torch::Tensor train_step(SegNet &net, torch::optim::Adam &opt, torch::Tensor x, torch::Tensor y) {
  net->train();
  opt.zero_grad();
  torch::Tensor logits = torch::nn::parallel::data_parallel(net, x);
  torch::Tensor loss = torch::nn::functional::cross_entropy(logits, y.to(logits.device()));
  loss.backward();
  opt.step();
  return loss.detach();
}
