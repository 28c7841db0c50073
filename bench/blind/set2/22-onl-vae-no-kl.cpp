// TAGS: nn-output-not-in-loss, struct-output-shared-params
#include <torch/torch.h>

struct VAEOutput {
  torch::Tensor reconstruction;
  torch::Tensor mu;
  torch::Tensor log_var;
};

// The loss uses only the reconstruction; mu and log_var are returned for
// monitoring, and both feed the reconstruction through the sampled code.
struct VAEImpl : torch::nn::Module {
  VAEImpl(int64_t image, int64_t hidden, int64_t z)
      : fc1(image, hidden), fc_mu(hidden, z), fc_logvar(hidden, z), fc_dec1(z, hidden), fc_dec2(hidden, image) {
    register_module("fc1", fc1);
    register_module("fc_mu", fc_mu);
    register_module("fc_logvar", fc_logvar);
    register_module("fc_dec1", fc_dec1);
    register_module("fc_dec2", fc_dec2);
  }
  VAEOutput forward(torch::Tensor x) {
    auto h = torch::relu(fc1(x));
    auto mu = fc_mu(h);
    auto log_var = fc_logvar(h);
    auto z = mu + torch::randn_like(mu) * torch::exp(0.5 * log_var);
    auto recon = torch::sigmoid(fc_dec2(torch::relu(fc_dec1(z))));
    return {recon, mu, log_var};
  }
  torch::nn::Linear fc1, fc_mu, fc_logvar, fc_dec1, fc_dec2;
};
TORCH_MODULE(VAE);

int main() {
  VAE model(784, 200, 16);
  torch::optim::Adam opt(model->parameters(), 1e-3);
  for (int i = 0; i < 2; ++i) {
    auto x = torch::rand({8, 784});
    auto out = model->forward(x);
    auto loss = torch::binary_cross_entropy(out.reconstruction, x, {}, at::Reduction::Sum);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
  return 0;
}
