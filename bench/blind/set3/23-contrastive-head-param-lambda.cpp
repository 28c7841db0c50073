// TAGS: unregistered-tensor, registration-through-lambda
#include <torch/torch.h>
#include <cmath>
#include <string>

struct ContrastiveHeadImpl : torch::nn::Module {
  ContrastiveHeadImpl(int64_t dim, int64_t classes) {
    auto param = [this](const std::string &name, torch::Tensor init) {
      return register_parameter(name, init);
    };
    proj_ = register_module("proj", torch::nn::Linear(dim, classes));
    logit_scale_ = param("logit_scale", torch::full({1}, std::log(1 / 0.07)));
    logit_bias_ = param("logit_bias", torch::zeros({1}));
    class_mask_ = register_buffer("class_mask", torch::ones({classes}, torch::requires_grad(false)));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor logits = torch::nn::functional::normalize(proj_(x), torch::nn::functional::NormalizeFuncOptions().dim(1));
    return logits * logit_scale_.exp() + logit_bias_ - (1 - class_mask_) * 1e4;
  }

  torch::nn::Linear proj_{nullptr};
  torch::Tensor logit_scale_, logit_bias_, class_mask_;
};
TORCH_MODULE(ContrastiveHead);

int main() {
  ContrastiveHead head(32, 10);
  torch::optim::AdamW opt(head->parameters());
  auto loss = torch::cross_entropy_loss(head(torch::randn({8, 32})), torch::randint(0, 10, {8}));
  loss.backward();
  opt.step();
}
