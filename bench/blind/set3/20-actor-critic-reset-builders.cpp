// TAGS: register-outside-reset, reset-calls-builders
#include <torch/torch.h>

class ActorCriticImpl : public torch::nn::Cloneable<ActorCriticImpl> {
 public:
  ActorCriticImpl() : ActorCriticImpl(4, 2) {}
  ActorCriticImpl(int64_t inputs, int64_t outputs) : inputs_(inputs), outputs_(outputs) { reset(); }

  void reset() override {
    build_actor();
    build_critic();
    action_std_ = register_buffer("action_std", torch::full({outputs_}, 0.5));
  }

  torch::Tensor forward(torch::Tensor state) {
    torch::Tensor mean = actor_->forward(state);
    torch::Tensor value = critic_->forward(state);
    return torch::cat({mean, value}, 1);
  }

 private:
  void build_actor() {
    actor_ = register_module("actor", torch::nn::Sequential(torch::nn::Linear(inputs_, 64), torch::nn::Tanh(),
                                                            torch::nn::Linear(64, outputs_), torch::nn::Tanh()));
  }
  void build_critic() {
    critic_ = register_module("critic", torch::nn::Sequential(torch::nn::Linear(inputs_, 64), torch::nn::Tanh(),
                                                              torch::nn::Linear(64, 1)));
  }

  int64_t inputs_, outputs_;
  torch::nn::Sequential actor_{nullptr}, critic_{nullptr};
  torch::Tensor action_std_;
};
TORCH_MODULE(ActorCritic);

int main() {
  ActorCritic policy(6, 2);
  auto old_policy = std::dynamic_pointer_cast<ActorCriticImpl>(policy->clone());
  auto out = old_policy->forward(torch::randn({3, 6}));
  out.sum().backward();
}
