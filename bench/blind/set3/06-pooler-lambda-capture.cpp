// TAGS: unregistered-submodule, lambda-captured-module
#include <torch/torch.h>
#include <functional>

struct PoolerImpl : torch::nn::Module {
  PoolerImpl(int64_t hidden, bool project) {
    encoder_ = register_module("encoder", torch::nn::Linear(hidden, hidden));
    if (project) {
      torch::nn::Linear proj(hidden, hidden);
      pool_ = [proj](torch::Tensor h) mutable { return torch::tanh(proj(h.mean(1))); };
    } else {
      pool_ = [](torch::Tensor h) { return h.mean(1); };
    }
  }

  torch::Tensor forward(torch::Tensor x) { return pool_(torch::relu(encoder_(x))); }

  torch::nn::Linear encoder_{nullptr};
  std::function<torch::Tensor(torch::Tensor)> pool_;  // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(Pooler);

int main() {
  Pooler pooler(32, true);
  torch::optim::Adam opt(pooler->parameters());
  auto loss = pooler(torch::randn({4, 9, 32})).pow(2).mean();
  loss.backward();
  opt.step();
}
