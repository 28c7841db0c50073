// TAGS: nn-functional-dropout-in-eval, options-in-local-variable
#include <torch/torch.h>

namespace F = torch::nn::functional;

// AlexNet-style classifier: the dropout options are prepared once in a local
// variable inside a private helper that forward() calls.
struct AlexLiteImpl : torch::nn::Module {
  AlexLiteImpl() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 32, 5).stride(2)));
    fc1 = register_module("fc1", torch::nn::Linear(32, 64));
    fc2 = register_module("fc2", torch::nn::Linear(64, 10));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = F::max_pool2d(torch::relu(conv(x)), F::MaxPool2dFuncOptions(2));
    return classify(x.mean({2, 3}));
  }

 private:
  torch::Tensor classify(torch::Tensor x) {
    auto drop = F::DropoutFuncOptions().p(0.5);
    x = F::dropout(x, drop);  // EXPECT: nn-functional-dropout-in-eval
    x = torch::relu(fc1(x));
    return fc2(x);
  }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(AlexLite);

int main() {
  AlexLite net;
  net->eval();
  torch::NoGradGuard no_grad;
  auto y = net(torch::randn({1, 3, 32, 32}));
  return y.size(1) == 10 ? 0 : 1;
}
