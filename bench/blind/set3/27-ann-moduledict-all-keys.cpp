// TAGS: unused-parameter, moduledict-constant-keys
#include <torch/torch.h>
#include <memory>
#include <string>

struct DictNetImpl : torch::nn::Module {
  explicit DictNetImpl(int64_t units) {
    torch::OrderedDict<std::string, std::shared_ptr<torch::nn::Module>> layers;
    layers.insert("input", torch::nn::Linear(2, units).ptr());
    layers.insert("hidden", torch::nn::Linear(units, units).ptr());
    layers.insert("output", torch::nn::Linear(units, 1).ptr());
    dict_ = register_module("ann_dict", torch::nn::ModuleDict(layers));
  }

  torch::Tensor forward(torch::Tensor x) {
    x = torch::tanh(dict_["input"]->as<torch::nn::Linear>()->forward(x));
    x = torch::tanh(dict_["hidden"]->as<torch::nn::Linear>()->forward(x));
    return dict_["output"]->as<torch::nn::Linear>()->forward(x);
  }

  torch::nn::ModuleDict dict_{nullptr};
};
TORCH_MODULE(DictNet);

int main() {
  DictNet net(20);
  torch::optim::LBFGS opt(net->parameters());
  auto x = torch::rand({64, 2});
  auto y = torch::sin(x.sum(1, true));
  auto closure = [&] {
    opt.zero_grad();
    auto loss = torch::mse_loss(net(x), y);
    loss.backward();
    return loss;
  };
  opt.step(closure);
}
