// TAGS: nn-output-not-in-loss, wrapper-param
#include <torch/torch.h>
#include <utility>

struct VaeImpl : torch::nn::Module {
  VaeImpl() {
    enc_ = register_module("enc", torch::nn::Linear(784, 64));
    mu_ = register_module("mu", torch::nn::Linear(64, 16));
    logvar_ = register_module("logvar", torch::nn::Linear(64, 16));
    dec_ = register_module("dec", torch::nn::Linear(16, 784));
  }
  std::pair<torch::Tensor, torch::Tensor> encode(torch::Tensor x) {
    torch::Tensor h = torch::relu(enc_(x));
    return {mu_(h), logvar_(h)};
  }
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    auto [mu, logvar] = encode(x);
    torch::Tensor z = mu + torch::randn_like(mu) * torch::exp(0.5 * logvar);
    return {torch::sigmoid(dec_(z)), mu, logvar};
  }
  torch::nn::Linear enc_{nullptr}, mu_{nullptr}, logvar_{nullptr}, dec_{nullptr};
};
TORCH_MODULE(Vae);

// The KL term lives in a helper that receives both statistics.
torch::Tensor kl_term(const torch::Tensor &mu, const torch::Tensor &logvar) {
  return -0.5 * torch::sum(1 + logvar - mu.pow(2) - logvar.exp());
}

void step(Vae &vae, torch::optim::Adam &opt, torch::Tensor x) {
  opt.zero_grad();
  auto out = vae(x);
  torch::Tensor recon = torch::binary_cross_entropy(std::get<0>(out), x, {}, at::Reduction::Sum);
  torch::Tensor loss = recon + kl_term(std::get<1>(out), std::get<2>(out));
  loss.backward();
  opt.step();
}
