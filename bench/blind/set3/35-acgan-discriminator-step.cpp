// TAGS: output-not-in-loss, gan-structured-binding
#include <torch/torch.h>
#include <iostream>

struct DiscriminatorImpl : torch::nn::Module {
  explicit DiscriminatorImpl(int64_t classes) {
    features_ = register_module(
        "features",
        torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 64, 4).stride(2).padding(1)),
                              torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
                              torch::nn::Conv2d(torch::nn::Conv2dOptions(64, 128, 4).stride(2).padding(1)),
                              torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2)),
                              torch::nn::Flatten()));
    source_ = register_module("source", torch::nn::Linear(128 * 7 * 7, 1));
    classes_ = register_module("classes", torch::nn::Linear(128 * 7 * 7, classes));
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = features_->forward(x);
    return std::make_tuple(source_(h), classes_(h));
  }

  torch::nn::Sequential features_{nullptr};
  torch::nn::Linear source_{nullptr}, classes_{nullptr};
};
TORCH_MODULE(Discriminator);

void discriminator_step(Discriminator &D, torch::optim::Adam &opt_d, const torch::Tensor &real,
                        const torch::Tensor &fake, const torch::Tensor &labels) {
  opt_d.zero_grad();
  auto [real_src, real_cls] = D(real);  // EXPECT: nn-output-not-in-loss
  torch::Tensor fake_src = std::get<0>(D(fake.detach()));
  torch::Tensor loss = torch::binary_cross_entropy_with_logits(real_src, torch::ones_like(real_src)) +
                       torch::binary_cross_entropy_with_logits(fake_src, torch::zeros_like(fake_src));
  loss.backward();
  opt_d.step();
  float acc = (real_cls.argmax(1) == labels).to(torch::kFloat).mean().item<float>();
  std::cout << "D loss " << loss.item<float>() << " class acc " << acc << "\n";
}

int main() {
  Discriminator D(10);
  torch::optim::Adam opt_d(D->parameters(), torch::optim::AdamOptions(2e-4).betas({0.5, 0.999}));
  discriminator_step(D, opt_d, torch::randn({8, 1, 28, 28}), torch::randn({8, 1, 28, 28}),
                     torch::randint(0, 10, {8}));
}
