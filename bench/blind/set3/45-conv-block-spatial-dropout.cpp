// TAGS: functional-dropout-in-eval, spatial-dropout
#include <torch/torch.h>

namespace F = torch::nn::functional;

class ConvBlockImpl : public torch::nn::Module {
 public:
  ConvBlockImpl(int64_t in, int64_t out, double drop) : drop_(drop) {
    conv_ = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).padding(1)));
    bn_ = register_module("bn", torch::nn::BatchNorm2d(out));
  }

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn_(conv_(x)));
    return F::dropout2d(x, F::Dropout2dFuncOptions().p(drop_));  // EXPECT: nn-functional-dropout-in-eval
  }

 private:
  double drop_;
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::BatchNorm2d bn_{nullptr};
};
TORCH_MODULE(ConvBlock);

int main() {
  torch::nn::Sequential net(ConvBlock(3, 16, 0.2), ConvBlock(16, 32, 0.2));
  net->eval();
  torch::NoGradGuard no_grad;
  std::cout << net->forward(torch::randn({1, 3, 8, 8})).sum() << "\n";
}
