// DCGAN discriminator (defective).
//
// The final linear layer is created with std::make_shared<LinearImpl>, the way
// one might port `self.head = nn.Linear(...)` from Python, and never
// registered. disc->parameters() omits it, so the discriminator optimizer
// never updates the head (it stays at its random initialisation),
// disc->to(torch::kCUDA) leaves it on the CPU, and it is not checkpointed.
#include <torch/torch.h>

#include <memory>

namespace nn = torch::nn;

struct DiscriminatorImpl : nn::Module {
  explicit DiscriminatorImpl(int64_t ch = 64) {
    conv1_ = register_module("conv1", nn::Conv2d(nn::Conv2dOptions(3, ch, 4).stride(2).padding(1)));
    conv2_ = register_module("conv2", nn::Conv2d(nn::Conv2dOptions(ch, 2 * ch, 4).stride(2).padding(1).bias(false)));
    bn2_ = register_module("bn2", nn::BatchNorm2d(2 * ch));
    conv3_ = register_module("conv3", nn::Conv2d(nn::Conv2dOptions(2 * ch, 4 * ch, 4).stride(2).padding(1).bias(false)));
    bn3_ = register_module("bn3", nn::BatchNorm2d(4 * ch));
    head_ = std::make_shared<nn::LinearImpl>(4 * ch * 4 * 4, 1);
  }

  // images: [B, 3, 32, 32] -> real/fake logits [B]
  torch::Tensor forward(const torch::Tensor& images) {
    auto x = torch::leaky_relu(conv1_(images), 0.2);
    x = torch::leaky_relu(bn2_(conv2_(x)), 0.2);
    x = torch::leaky_relu(bn3_(conv3_(x)), 0.2);
    return head_->forward(x.flatten(1)).squeeze(1);
  }

  nn::Conv2d conv1_{nullptr}, conv2_{nullptr}, conv3_{nullptr};
  nn::BatchNorm2d bn2_{nullptr}, bn3_{nullptr};
  std::shared_ptr<nn::LinearImpl> head_;  // DEFECT(nn-unregistered-submodule): created with make_shared but never passed to register_module
};
TORCH_MODULE(Discriminator);

double discriminator_step(Discriminator& disc, torch::optim::Optimizer& d_opt, const torch::Tensor& real,
                          const torch::Tensor& fake) {
  namespace F = torch::nn::functional;
  d_opt.zero_grad();
  auto real_logits = disc->forward(real);
  auto fake_logits = disc->forward(fake.detach());
  auto loss = F::binary_cross_entropy_with_logits(real_logits, torch::ones_like(real_logits)) +
              F::binary_cross_entropy_with_logits(fake_logits, torch::zeros_like(fake_logits));
  loss.backward();
  d_opt.step();
  return loss.item<double>();
}
