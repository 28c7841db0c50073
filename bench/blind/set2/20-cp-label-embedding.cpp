// TAGS: nn-conditional-parameter, optional-input-always-passed
#include <torch/torch.h>

// A conditional model: class labels are optional in the signature (sampling
// code may leave them out), and the training loop always passes them.
struct CondNetImpl : torch::nn::Module {
  CondNetImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    embed = register_module("embed", torch::nn::Embedding(10, 8));
    out = register_module("out", torch::nn::Linear(8, 8));
  }

  torch::Tensor forward(torch::Tensor x, torch::Tensor labels = {}) {
    auto h = torch::relu(body(x));
    if (labels.defined()) h = h * embed(labels);
    return out(h);
  }

  torch::nn::Linear body{nullptr};
  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear out{nullptr};
};
TORCH_MODULE(CondNet);

void train(CondNet &net, int steps) {
  torch::optim::Adam opt(net->parameters(), 1e-3);
  for (int i = 0; i < steps; ++i) {
    auto x = torch::randn({16, 8});
    auto y = torch::randint(0, 10, {16});
    auto loss = torch::mse_loss(net->forward(x, y), x);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}

int main() {
  CondNet net;
  train(net, 2);
  return 0;
}
