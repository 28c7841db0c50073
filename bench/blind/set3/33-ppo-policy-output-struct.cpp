// TAGS: output-not-in-loss, struct-output
#include <torch/torch.h>
#include <iostream>

struct PolicyOutput {
  torch::Tensor logits;
  torch::Tensor value;
};

struct ActorCriticImpl : torch::nn::Module {
  ActorCriticImpl(int64_t obs, int64_t actions) {
    body_ = register_module("body", torch::nn::Sequential(torch::nn::Linear(obs, 64), torch::nn::Tanh(),
                                                          torch::nn::Linear(64, 64), torch::nn::Tanh()));
    policy_ = register_module("policy", torch::nn::Linear(64, actions));
    value_ = register_module("value", torch::nn::Linear(64, 1));
  }

  PolicyOutput forward(torch::Tensor obs) {
    PolicyOutput out;
    torch::Tensor h = body_->forward(obs);
    out.logits = policy_(h);
    out.value = value_(h);
    return out;
  }

  torch::nn::Sequential body_{nullptr};
  torch::nn::Linear policy_{nullptr}, value_{nullptr};
};
TORCH_MODULE(ActorCritic);

double update(ActorCritic &net, torch::optim::Adam &opt, const torch::Tensor &obs,
              const torch::Tensor &actions, const torch::Tensor &advantages) {
  auto out = net->forward(obs);  // EXPECT: nn-output-not-in-loss
  torch::Tensor logp = torch::log_softmax(out.logits, 1).gather(1, actions.unsqueeze(1)).squeeze(1);
  torch::Tensor loss = -(logp * advantages).mean();
  opt.zero_grad();
  loss.backward();
  opt.step();
  std::cout << "mean value " << out.value.mean().item<float>() << "\n";
  return loss.item<double>();
}

int main() {
  ActorCritic net(4, 2);
  torch::optim::Adam opt(net->parameters(), 3e-4);
  update(net, opt, torch::randn({32, 4}), torch::randint(0, 2, {32}), torch::randn({32}));
}
