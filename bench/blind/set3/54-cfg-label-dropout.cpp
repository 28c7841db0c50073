// TAGS: conditional-parameter, optional-input-dropped-randomly
#include <torch/torch.h>

// Classifier-free guidance: the class label is dropped on some training steps.
struct ConditionalDenoiserImpl : torch::nn::Module {
  ConditionalDenoiserImpl(int64_t dim, int64_t classes) {
    net_ = register_module("net", torch::nn::Sequential(torch::nn::Linear(dim, 128), torch::nn::SiLU(),
                                                        torch::nn::Linear(128, dim)));
    label_embed_ = register_module("label_embed", torch::nn::Embedding(classes, dim));  // EXPECT: nn-conditional-parameter
  }

  torch::Tensor forward(torch::Tensor x, torch::Tensor labels = {}) {
    if (labels.defined()) x = x + label_embed_(labels);
    return net_->forward(x);
  }

  torch::nn::Sequential net_{nullptr};
  torch::nn::Embedding label_embed_{nullptr};
};
TORCH_MODULE(ConditionalDenoiser);

int main() {
  ConditionalDenoiser model(32, 10);
  torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(1e-4));
  for (int step = 0; step < 100; ++step) {
    auto x0 = torch::randn({16, 32});
    auto labels = torch::randint(0, 10, {16});
    auto noise = torch::randn_like(x0);
    const bool drop_label = torch::rand({1}).item<float>() < 0.1;
    auto pred = model->forward(x0 + noise, drop_label ? torch::Tensor() : labels);
    auto loss = torch::mse_loss(pred, noise);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}
