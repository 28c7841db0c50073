// TAGS: output-not-in-loss, gan-two-optimizers
#include <torch/torch.h>

struct DiscriminatorImpl : torch::nn::Module {
  explicit DiscriminatorImpl(int64_t classes) {
    body_ = register_module("body", torch::nn::Sequential(torch::nn::Linear(784, 256),
                                                          torch::nn::LeakyReLU(torch::nn::LeakyReLUOptions().negative_slope(0.2))));
    source_ = register_module("source", torch::nn::Linear(256, 1));
    classes_ = register_module("classes", torch::nn::Linear(256, classes));
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = body_->forward(x);
    return {source_(h), classes_(h)};
  }
  torch::nn::Sequential body_{nullptr};
  torch::nn::Linear source_{nullptr}, classes_{nullptr};
};
TORCH_MODULE(Discriminator);

struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl(int64_t noise, int64_t classes) {
    label_embed_ = register_module("label_embed", torch::nn::Embedding(classes, noise));
    net_ = register_module("net", torch::nn::Sequential(torch::nn::Linear(noise, 256), torch::nn::ReLU(),
                                                        torch::nn::Linear(256, 784), torch::nn::Tanh()));
  }
  torch::Tensor forward(torch::Tensor z, torch::Tensor labels) { return net_->forward(z * label_embed_(labels)); }
  torch::nn::Embedding label_embed_{nullptr};
  torch::nn::Sequential net_{nullptr};
};
TORCH_MODULE(Generator);

int main() {
  Generator G(64, 10);
  Discriminator D(10);
  torch::optim::Adam opt_g(G->parameters(), torch::optim::AdamOptions(2e-4).betas({0.5, 0.999}));
  torch::optim::Adam opt_d(D->parameters(), torch::optim::AdamOptions(2e-4).betas({0.5, 0.999}));
  for (int step = 0; step < 100; ++step) {
    auto real = torch::rand({32, 784}) * 2 - 1;
    auto labels = torch::randint(0, 10, {32});
    auto fake = G(torch::randn({32, 64}), labels);

    opt_d.zero_grad();
    auto [real_src, real_cls] = D(real);
    auto [fake_src, fake_cls] = D(fake.detach());
    auto loss_d = torch::binary_cross_entropy_with_logits(real_src, torch::ones_like(real_src)) +
                  torch::binary_cross_entropy_with_logits(fake_src, torch::zeros_like(fake_src)) +
                  torch::cross_entropy_loss(real_cls, labels) + torch::cross_entropy_loss(fake_cls, labels);
    loss_d.backward();
    opt_d.step();

    opt_g.zero_grad();
    auto [gen_src, gen_cls] = D(fake);
    auto loss_g = torch::binary_cross_entropy_with_logits(gen_src, torch::ones_like(gen_src));
    loss_g.backward();
    opt_g.step();
  }
}
