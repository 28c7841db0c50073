// TAGS: nn-unregistered-submodule, alias-through-cast
#include <torch/torch.h>
#include <memory>

// The first layer of a registered Sequential is kept under a second name, as
// a typed pointer, to read its weight for a penalty term.
struct RegularisedMlpImpl : torch::nn::Module {
  RegularisedMlpImpl(int64_t in, int64_t hidden, int64_t out) {
    body_ = register_module("body", torch::nn::Sequential(torch::nn::Linear(in, hidden), torch::nn::ReLU(),
                                                          torch::nn::Linear(hidden, out)));
    first_ = std::dynamic_pointer_cast<torch::nn::LinearImpl>(body_->ptr(0));
  }
  torch::Tensor forward(torch::Tensor x) { return body_->forward(x); }
  torch::Tensor penalty() { return first_->weight.abs().sum(); }
  torch::nn::Sequential body_{nullptr};
  std::shared_ptr<torch::nn::LinearImpl> first_;
};
TORCH_MODULE(RegularisedMlp);

void step(RegularisedMlp &net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor y) {
  opt.zero_grad();
  torch::Tensor loss = torch::mse_loss(net(x), y) + 1e-4 * net->penalty();
  loss.backward();
  opt.step();
}
