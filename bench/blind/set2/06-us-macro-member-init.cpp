// TAGS: nn-unregistered-submodule, macro-default-member-initialiser
#include <torch/torch.h>

// Layers declared and registered in one line by a project macro, as default
// member initialisers.
#define DECLARE_LAYER(name, type, ...) \
  torch::nn::type name = register_module(#name, torch::nn::type(__VA_ARGS__))

struct PolicyNetImpl : torch::nn::Module {
  DECLARE_LAYER(fc1, Linear, 8, 64);
  DECLARE_LAYER(fc2, Linear, 64, 64);
  DECLARE_LAYER(norm, LayerNorm, torch::nn::LayerNormOptions({64}));
  DECLARE_LAYER(policy, Linear, 64, 4);
  DECLARE_LAYER(value, Linear, 64, 1);

  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor obs) {
    auto h = torch::relu(fc1(obs));
    h = torch::relu(norm(fc2(h)));
    return {torch::log_softmax(policy(h), -1), value(h)};
  }
};
TORCH_MODULE(PolicyNet);

int main() {
  PolicyNet net;
  auto [logp, v] = net(torch::randn({5, 8}));
  return logp.size(1) == 4 && v.size(1) == 1 ? 0 : 1;
}
