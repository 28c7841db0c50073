// TAGS: register-outside-reset, macro-registration
#include <torch/torch.h>
#include <string>

#define ADD_NN_MOD(name, type, ...) name = register_module(#name, torch::nn::type(__VA_ARGS__))

// reset() is used here as "re-initialise the weights".
struct CriticImpl : torch::nn::Cloneable<CriticImpl> {
  CriticImpl(int64_t obs, int64_t hidden) {
    ADD_NN_MOD(fc1, Linear, obs, hidden);  // EXPECT: nn-register-outside-reset
    ADD_NN_MOD(fc2, Linear, hidden, 1);  // EXPECT: nn-register-outside-reset
    reset();
  }

  void reset() override {
    torch::NoGradGuard no_grad;
    for (auto &p : named_parameters()) {
      if (p.key().find("weight") != std::string::npos)
        torch::nn::init::orthogonal_(p.value());
      else
        p.value().zero_();
    }
  }

  torch::Tensor forward(torch::Tensor x) { return fc2(torch::tanh(fc1(x))); }

  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(Critic);

int main() {
  Critic critic(8, 64);
  auto target = std::dynamic_pointer_cast<CriticImpl>(critic->clone());
  std::cout << target->forward(torch::randn({1, 8})) << "\n";
}
