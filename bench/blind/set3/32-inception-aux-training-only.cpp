// TAGS: conditional-parameter, training-only-aux-head
#include <torch/torch.h>

struct SmallInceptionImpl : torch::nn::Module {
  SmallInceptionImpl(int64_t classes, bool aux_logits) {
    stem_ = register_module("stem", torch::nn::Sequential(torch::nn::Conv2d(3, 32, 3), torch::nn::ReLU(),
                                                          torch::nn::AdaptiveAvgPool2d(1), torch::nn::Flatten()));
    fc_ = register_module("fc", torch::nn::Linear(32, classes));
    if (aux_logits) aux_ = register_module("aux", torch::nn::Linear(32, classes));
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = stem_->forward(x);
    torch::Tensor aux;
    if (is_training() && aux_) aux = aux_(h);
    return {fc_(h), aux};
  }

  torch::nn::Sequential stem_{nullptr};
  torch::nn::Linear fc_{nullptr}, aux_{nullptr};
};
TORCH_MODULE(SmallInception);

int main() {
  SmallInception net(10, true);
  torch::optim::SGD opt(net->parameters(), 0.01);
  auto target = torch::randint(0, 10, {4});
  auto [logits, aux] = net(torch::randn({4, 3, 16, 16}));
  auto loss = torch::cross_entropy_loss(logits, target) + 0.4 * torch::cross_entropy_loss(aux, target);
  opt.zero_grad();
  loss.backward();
  opt.step();
  net->eval();
  torch::NoGradGuard no_grad;
  std::cout << std::get<0>(net(torch::randn({1, 3, 16, 16}))).argmax(1) << "\n";
}
