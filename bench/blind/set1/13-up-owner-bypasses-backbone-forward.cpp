// TAGS: nn-unused-parameter, owner-bypasses-forward
#include <torch/torch.h>

struct BackboneImpl : torch::nn::Module {
  BackboneImpl() {
    features_ = register_module("features", torch::nn::Sequential(torch::nn::Linear(32, 64), torch::nn::ReLU()));
    pool_head_ = register_module("pool_head", torch::nn::Linear(64, 64)); // EXPECT: nn-unused-parameter
  }
  torch::Tensor forward(torch::Tensor x) { return pool_head_(features_->forward(x)); }
  torch::nn::Sequential features_{nullptr};
  torch::nn::Linear pool_head_{nullptr};
};
TORCH_MODULE(Backbone);

// The classifier registers the whole backbone but only runs its feature part.
struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl() {
    backbone_ = register_module("backbone", Backbone());
    cls_ = register_module("cls", torch::nn::Linear(64, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return cls_(backbone_->features_->forward(x)); }
  Backbone backbone_{nullptr};
  torch::nn::Linear cls_{nullptr};
};
TORCH_MODULE(Classifier);

void train_step(Classifier &net, torch::optim::SGD &opt, torch::Tensor x, torch::Tensor y) {
  opt.zero_grad();
  torch::Tensor loss = torch::nn::functional::cross_entropy(net(x), y);
  loss.backward();
  opt.step();
}
