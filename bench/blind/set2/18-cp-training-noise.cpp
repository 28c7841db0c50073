// TAGS: nn-conditional-parameter, training-only-branch
#include <torch/torch.h>

// A learned noise injection used only while training; evaluation runs
// without it, and no backward() runs in evaluation.
struct NoisyEncoderImpl : torch::nn::Module {
  NoisyEncoderImpl() {
    enc = register_module("enc", torch::nn::Linear(10, 10));
    noise_scale = register_module("noise_scale", torch::nn::Linear(10, 10));
  }

  torch::Tensor forward(torch::Tensor x) {
    auto h = torch::tanh(enc(x));
    if (!is_training()) return h;
    auto eps = torch::randn_like(h);
    return h + torch::softplus(noise_scale(h)) * eps;
  }

  torch::nn::Linear enc{nullptr}, noise_scale{nullptr};
};
TORCH_MODULE(NoisyEncoder);

int main() {
  NoisyEncoder net;
  torch::optim::Adam opt(net->parameters(), 1e-3);
  net->train();
  auto loss = net(torch::randn({4, 10})).pow(2).mean();
  opt.zero_grad();
  loss.backward();
  opt.step();
  net->eval();
  torch::NoGradGuard no_grad;
  auto y = net(torch::randn({4, 10}));
  return y.size(1) == 10 ? 0 : 1;
}
