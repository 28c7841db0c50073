// TAGS: functional-dropout-in-eval, lambda-reads-mode
#include <torch/torch.h>

namespace F = torch::nn::functional;

struct RegressionMlpImpl : torch::nn::Module {
  RegressionMlpImpl(int64_t in, int64_t hidden, double p) : p_(p) {
    fc1_ = register_module("fc1", torch::nn::Linear(in, hidden));
    fc2_ = register_module("fc2", torch::nn::Linear(hidden, hidden));
    out_ = register_module("out", torch::nn::Linear(hidden, 1));
  }

  torch::Tensor forward(torch::Tensor x) {
    auto drop = [this](torch::Tensor t) {
      return F::dropout(t, F::DropoutFuncOptions().p(p_).training(is_training()));
    };
    x = drop(torch::relu(fc1_(x)));
    x = drop(torch::relu(fc2_(x)));
    return out_(x);
  }

  double p_;
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr}, out_{nullptr};
};
TORCH_MODULE(RegressionMlp);

int main() {
  RegressionMlp net(8, 64, 0.3);
  torch::optim::Adam opt(net->parameters());
  auto loss = torch::mse_loss(net(torch::randn({16, 8})), torch::randn({16, 1}));
  loss.backward();
  opt.step();
  net->eval();
  torch::NoGradGuard no_grad;
  std::cout << net(torch::randn({1, 8})) << "\n";
}
