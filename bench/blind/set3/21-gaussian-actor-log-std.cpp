// TAGS: unregistered-tensor, init-list-tensor
#include <torch/torch.h>
#include <cmath>

struct ActorImpl : torch::nn::Module {
  ActorImpl(int64_t n_in, int64_t n_out, double init_std)
      : lin1_(n_in, 64),
        lin2_(64, n_out),
        log_std_(torch::full({n_out}, std::log(init_std)).requires_grad_()) {
    register_module("a_lin1", lin1_);
    register_module("a_lin2", lin2_);
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor mu = torch::tanh(lin2_(torch::relu(lin1_(x))));
    return std::make_tuple(mu, log_std_.exp().expand_as(mu));
  }

  torch::nn::Linear lin1_, lin2_;
  torch::Tensor log_std_;  // EXPECT: nn-unregistered-tensor
};
TORCH_MODULE(Actor);

int main() {
  Actor actor(8, 2, 0.5);
  torch::optim::Adam opt(actor->parameters(), 3e-4);
  auto [mu, sigma] = actor(torch::randn({16, 8}));
  auto a = torch::randn({16, 2});
  auto nll = (0.5 * ((a - mu) / sigma).pow(2) + sigma.log()).sum(1).mean();
  opt.zero_grad();
  nll.backward();
  opt.step();
}
