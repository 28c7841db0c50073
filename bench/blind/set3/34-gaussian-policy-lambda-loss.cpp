// TAGS: output-not-in-loss, lambda-loss-helper
#include <torch/torch.h>

struct GaussianPolicyImpl : torch::nn::Module {
  GaussianPolicyImpl(int64_t in, int64_t out) {
    trunk_ = register_module("trunk", torch::nn::Linear(in, 64));
    mu_ = register_module("mu", torch::nn::Linear(64, out));
    log_std_ = register_module("log_std", torch::nn::Linear(64, out));
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk_(x));
    return {mu_(h), log_std_(h).clamp(-5, 2)};
  }

  torch::nn::Linear trunk_{nullptr}, mu_{nullptr}, log_std_{nullptr};
};
TORCH_MODULE(GaussianPolicy);

void fit(GaussianPolicy policy, const torch::Tensor &x, const torch::Tensor &y, int epochs) {
  torch::optim::Adam opt(policy->parameters(), 1e-3);
  auto gaussian_nll = [](const torch::Tensor &mu, const torch::Tensor &log_std, const torch::Tensor &target) {
    return (0.5 * ((target - mu) / log_std.exp()).pow(2) + log_std).sum(1).mean();
  };
  for (int e = 0; e < epochs; ++e) {
    auto [mu, log_std] = policy(x);
    torch::Tensor loss = gaussian_nll(mu, log_std, y);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

int main() { fit(GaussianPolicy(6, 2), torch::randn({64, 6}), torch::randn({64, 2}), 5); }
