// TAGS: unregistered-submodule, std-map-of-holders
#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

struct MultiTaskImpl : torch::nn::Module {
  MultiTaskImpl(const std::vector<std::string> &tasks, int64_t feat) {
    trunk_ = register_module("trunk", torch::nn::Linear(64, feat));
    for (const auto &t : tasks)
      heads_.emplace(t, register_module("head_" + t, torch::nn::Linear(feat, 1)));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk_(x));
    std::vector<torch::Tensor> outs;
    for (auto &kv : heads_) outs.push_back(kv.second(h));
    return torch::cat(outs, 1);
  }

  torch::nn::Linear trunk_{nullptr};
  std::map<std::string, torch::nn::Linear> heads_;
};
TORCH_MODULE(MultiTask);

int main() {
  MultiTask net(std::vector<std::string>{"age", "income", "score"}, 32);
  torch::optim::Adam opt(net->parameters());
  auto loss = torch::mse_loss(net(torch::randn({8, 64})), torch::randn({8, 3}));
  loss.backward();
  opt.step();
}
