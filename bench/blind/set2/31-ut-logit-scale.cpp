// TAGS: nn-unregistered-tensor, set-requires-grad-after-init
#include <torch/torch.h>

// Contrastive head with a learnable temperature, kept as a plain tensor
// member that is switched to requires-grad after it is computed.
struct ContrastiveHeadImpl : torch::nn::Module {
  ContrastiveHeadImpl(int64_t img_dim, int64_t txt_dim, int64_t embed) {
    img_proj = register_module("img_proj", torch::nn::Linear(img_dim, embed));
    txt_proj = register_module("txt_proj", torch::nn::Linear(txt_dim, embed));
    logit_scale_ = torch::log(torch::full({1}, 1.0 / 0.07));
    logit_scale_.set_requires_grad(true);
  }

  torch::Tensor forward(torch::Tensor img, torch::Tensor txt) {
    auto a = torch::nn::functional::normalize(img_proj(img),
                                              torch::nn::functional::NormalizeFuncOptions().dim(-1));
    auto b = torch::nn::functional::normalize(txt_proj(txt),
                                              torch::nn::functional::NormalizeFuncOptions().dim(-1));
    return logit_scale_.exp() * a.matmul(b.t());
  }

  torch::nn::Linear img_proj{nullptr}, txt_proj{nullptr};
  torch::Tensor logit_scale_;  // EXPECT: nn-unregistered-tensor
};
TORCH_MODULE(ContrastiveHead);

int main() {
  ContrastiveHead head(32, 16, 8);
  auto logits = head(torch::randn({4, 32}), torch::randn({4, 16}));
  return logits.size(0) == 4 ? 0 : 1;
}
