// TAGS: nn-output-not-in-loss, dict-output
#include <torch/torch.h>

// Multi-task model returning a dictionary of named outputs; both are trained.
struct MultiTaskImpl : torch::nn::Module {
  MultiTaskImpl() {
    shared = register_module("shared", torch::nn::Linear(16, 32));
    seg = register_module("seg", torch::nn::Linear(32, 4));
    depth = register_module("depth", torch::nn::Linear(32, 1));
  }
  c10::Dict<std::string, torch::Tensor> forward(torch::Tensor x) {
    auto h = torch::relu(shared(x));
    c10::Dict<std::string, torch::Tensor> out;
    out.insert("seg", seg(h));
    out.insert("depth", depth(h));
    return out;
  }
  torch::nn::Linear shared{nullptr}, seg{nullptr}, depth{nullptr};
};
TORCH_MODULE(MultiTask);

int main() {
  MultiTask net;
  torch::optim::SGD opt(net->parameters(), 0.01);
  auto x = torch::randn({4, 16});
  auto outputs = net(x);
  auto loss = torch::nll_loss(torch::log_softmax(outputs.at("seg"), 1), torch::randint(0, 4, {4})) +
              0.5 * torch::l1_loss(outputs.at("depth"), torch::rand({4, 1}));
  opt.zero_grad();
  loss.backward();
  opt.step();
  return 0;
}
