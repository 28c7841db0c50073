// Class-conditional DCGAN for 32x32 RGB images (correct).
//
// Tricky negative: in the discriminator step the generator's output is used
// only through .detach(), but the generator step feeds the same fake images to
// the discriminator without detaching, so every generator parameter reaches
// g_loss; and the step returns the detached fakes for the sample grid.
#include <torch/torch.h>

namespace nn = torch::nn;

struct GeneratorImpl : nn::Module {
  GeneratorImpl(int64_t latent, int64_t num_classes, int64_t ch = 64) : ch_(ch) {
    class_embed_ = register_module("class_embed", nn::Embedding(num_classes, latent));
    fc_ = register_module("fc", nn::Linear(latent, 4 * ch * 4 * 4));
    net_ = register_module(
        "net", nn::Sequential(
                   nn::BatchNorm2d(4 * ch), nn::ReLU(),
                   nn::ConvTranspose2d(nn::ConvTranspose2dOptions(4 * ch, 2 * ch, 4).stride(2).padding(1).bias(false)),
                   nn::BatchNorm2d(2 * ch), nn::ReLU(),
                   nn::ConvTranspose2d(nn::ConvTranspose2dOptions(2 * ch, ch, 4).stride(2).padding(1).bias(false)),
                   nn::BatchNorm2d(ch), nn::ReLU(),
                   nn::ConvTranspose2d(nn::ConvTranspose2dOptions(ch, 3, 4).stride(2).padding(1)), nn::Tanh()));
  }

  // z: [B, latent], labels: [B] -> images [B, 3, 32, 32] in [-1, 1]
  torch::Tensor forward(const torch::Tensor& z, const torch::Tensor& labels) {
    auto h = fc_(z * class_embed_(labels)).view({-1, 4 * ch_, 4, 4});
    return net_->forward(h);
  }

  int64_t ch_;
  nn::Embedding class_embed_{nullptr};
  nn::Linear fc_{nullptr};
  nn::Sequential net_{nullptr};
};
TORCH_MODULE(Generator);

struct DiscriminatorImpl : nn::Module {
  explicit DiscriminatorImpl(int64_t num_classes, int64_t ch = 64) {
    features_ = register_module(
        "features",
        nn::Sequential(nn::Conv2d(nn::Conv2dOptions(3, ch, 4).stride(2).padding(1)), nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
                       nn::Conv2d(nn::Conv2dOptions(ch, 2 * ch, 4).stride(2).padding(1)), nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
                       nn::Conv2d(nn::Conv2dOptions(2 * ch, 4 * ch, 4).stride(2).padding(1)), nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
                       nn::Flatten()));
    head_ = register_module("head", nn::Linear(4 * ch * 4 * 4, 1));
    class_proj_ = register_module("class_proj", nn::Embedding(num_classes, 4 * ch * 4 * 4));
  }

  // Projection discriminator: unconditional logit + <class embedding, features>.
  torch::Tensor forward(const torch::Tensor& images, const torch::Tensor& labels) {
    auto f = features_->forward(images);
    return head_(f).squeeze(1) + (class_proj_(labels) * f).sum(1);
  }

  nn::Sequential features_{nullptr};
  nn::Linear head_{nullptr};
  nn::Embedding class_proj_{nullptr};
};
TORCH_MODULE(Discriminator);

torch::Tensor train_step(Generator& gen, Discriminator& disc, torch::optim::Optimizer& g_opt,
                         torch::optim::Optimizer& d_opt, const torch::Tensor& real, const torch::Tensor& labels,
                         int64_t latent) {
  namespace F = torch::nn::functional;
  auto z = torch::randn({real.size(0), latent}, real.options());
  auto fake = gen->forward(z, labels);

  d_opt.zero_grad();
  auto real_logits = disc->forward(real, labels);
  auto fake_logits = disc->forward(fake.detach(), labels);
  auto d_loss = F::binary_cross_entropy_with_logits(real_logits, torch::ones_like(real_logits)) +
                F::binary_cross_entropy_with_logits(fake_logits, torch::zeros_like(fake_logits));
  d_loss.backward();
  d_opt.step();

  g_opt.zero_grad();
  auto gen_logits = disc->forward(fake, labels);
  auto g_loss = F::binary_cross_entropy_with_logits(gen_logits, torch::ones_like(gen_logits));
  g_loss.backward();
  g_opt.step();
  return fake.detach();
}
