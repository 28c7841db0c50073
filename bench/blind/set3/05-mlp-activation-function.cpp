// TAGS: unregistered-submodule, std-function-member
#include <torch/torch.h>
#include <functional>
#include <string>

// A configurable MLP: layers in a registered ModuleList, the activation kept
// as a plain callable.
struct MlpImpl : torch::nn::Module {
  MlpImpl(int64_t in, int64_t width, int64_t depth, const std::string &act) {
    layers_ = register_module("layers", torch::nn::ModuleList());
    int64_t d = in;
    for (int64_t i = 0; i < depth; ++i) {
      layers_->push_back(torch::nn::Linear(d, width));
      d = width;
    }
    head_ = register_module("head", torch::nn::Linear(width, 1));
    if (act == "tanh")
      activation_ = [](torch::Tensor t) { return torch::tanh(t); };
    else
      activation_ = [](torch::Tensor t) { return torch::relu(t); };
  }

  torch::Tensor forward(torch::Tensor x) {
    for (const auto &layer : *layers_)
      x = activation_(layer->as<torch::nn::Linear>()->forward(x));
    return head_(x);
  }

  torch::nn::ModuleList layers_{nullptr};
  torch::nn::Linear head_{nullptr};
  std::function<torch::Tensor(torch::Tensor)> activation_;
};
TORCH_MODULE(Mlp);

int main() {
  Mlp net(3, 64, 4, "tanh");
  torch::optim::Adam opt(net->parameters());
  for (int step = 0; step < 3; ++step) {
    auto x = torch::rand({32, 3});
    auto loss = torch::mse_loss(net(x), x.sum(1, true));
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}
