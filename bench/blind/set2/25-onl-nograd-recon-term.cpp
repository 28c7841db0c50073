// TAGS: nn-output-not-in-loss, loss-term-under-no-grad
#include <torch/torch.h>

// Classification with a reconstruction side task. The reconstruction term is
// computed inside a no-grad block (it is also logged), so it is a constant in
// the total loss and the decoder never trains.
struct ClsReconImpl : torch::nn::Module {
  ClsReconImpl() {
    encoder = register_module("encoder", torch::nn::Linear(20, 8));
    classifier = register_module("classifier", torch::nn::Linear(8, 3));
    decoder = register_module("decoder", torch::nn::Linear(8, 20));
  }
  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    auto z = torch::relu(encoder(x));
    return {classifier(z), decoder(z)};
  }
  torch::nn::Linear encoder{nullptr}, classifier{nullptr}, decoder{nullptr};
};
TORCH_MODULE(ClsRecon);

int main() {
  ClsRecon model;
  torch::optim::Adam opt(model->parameters(), 1e-3);
  for (int it = 0; it < 2; ++it) {
    auto x = torch::randn({8, 20});
    auto y = torch::randint(0, 3, {8});
    auto [logits, recon] = model->forward(x);  // EXPECT: nn-output-not-in-loss
    auto cls_loss = torch::nll_loss(torch::log_softmax(logits, 1), y);
    torch::Tensor recon_loss;
    {
      torch::NoGradGuard no_grad;
      recon_loss = torch::mse_loss(recon, x);
    }
    auto loss = cls_loss + 0.1 * recon_loss;
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
  return 0;
}
