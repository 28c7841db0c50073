// Class-conditional DCGAN generator that also samples unconditionally (defective).
//
// The class embedding is registered unconditionally but forward() reaches it
// only when labels are passed. train_step() drops the labels on ~10% of the
// batches (so the generator also learns the unconditional distribution); on
// those steps class_embed_ gets no gradient, which makes DistributedDataParallel
// fail ("Expected to have finished reduction in the prior iteration") unless
// find_unused_parameters is set, and skews Adam's moment estimates.
#include <torch/torch.h>

namespace nn = torch::nn;

struct GeneratorImpl : nn::Module {
  GeneratorImpl(int64_t latent, int64_t num_classes, int64_t ch = 64) : ch_(ch) {
    class_embed_ = register_module("class_embed", nn::Embedding(num_classes, latent));  // DEFECT(nn-conditional-parameter): reached from forward() only when labels are defined
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

  // z: [B, latent], labels: [B] or undefined -> images [B, 3, 32, 32]
  torch::Tensor forward(const torch::Tensor& z, const torch::Tensor& labels = {}) {
    auto h = labels.defined() ? z * class_embed_(labels) : z;
    return net_->forward(fc_(h).view({-1, 4 * ch_, 4, 4}));
  }

  int64_t ch_;
  nn::Embedding class_embed_{nullptr};
  nn::Linear fc_{nullptr};
  nn::Sequential net_{nullptr};
};
TORCH_MODULE(Generator);

struct DiscriminatorImpl : nn::Module {
  explicit DiscriminatorImpl(int64_t ch = 64) {
    net_ = register_module(
        "net",
        nn::Sequential(nn::Conv2d(nn::Conv2dOptions(3, ch, 4).stride(2).padding(1)), nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
                       nn::Conv2d(nn::Conv2dOptions(ch, 2 * ch, 4).stride(2).padding(1)), nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
                       nn::Conv2d(nn::Conv2dOptions(2 * ch, 4 * ch, 4).stride(2).padding(1)), nn::LeakyReLU(nn::LeakyReLUOptions().negative_slope(0.2)),
                       nn::Flatten(), nn::Linear(4 * ch * 4 * 4, 1)));
  }

  torch::Tensor forward(const torch::Tensor& images) { return net_->forward(images).squeeze(1); }

  nn::Sequential net_{nullptr};
};
TORCH_MODULE(Discriminator);

void train_step(Generator& gen, Discriminator& disc, torch::optim::Optimizer& g_opt, torch::optim::Optimizer& d_opt,
                const torch::Tensor& real, const torch::Tensor& labels, int64_t latent) {
  namespace F = torch::nn::functional;
  const bool drop_labels = torch::rand({1}).item<float>() < 0.1f;
  auto z = torch::randn({real.size(0), latent}, real.options());
  auto fake = gen->forward(z, drop_labels ? torch::Tensor() : labels);

  d_opt.zero_grad();
  auto real_logits = disc->forward(real);
  auto fake_logits = disc->forward(fake.detach());
  auto d_loss = F::binary_cross_entropy_with_logits(real_logits, torch::ones_like(real_logits)) +
                F::binary_cross_entropy_with_logits(fake_logits, torch::zeros_like(fake_logits));
  d_loss.backward();
  d_opt.step();

  g_opt.zero_grad();
  auto gen_logits = disc->forward(fake);
  auto g_loss = F::binary_cross_entropy_with_logits(gen_logits, torch::ones_like(gen_logits));
  g_loss.backward();
  g_opt.step();
}
