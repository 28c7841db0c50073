// TAGS: unregistered-submodule, base-class-member-filled-by-derived
#include <torch/torch.h>

struct BackboneBase : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return features_->forward(x).flatten(1); }

 protected:
  torch::nn::Sequential features_{nullptr};  // EXPECT: nn-unregistered-submodule
};

struct TinyVgg : BackboneBase {
  TinyVgg() {
    features_ = torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)),
                                      torch::nn::ReLU(), torch::nn::MaxPool2d(2),
                                      torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).padding(1)),
                                      torch::nn::ReLU(), torch::nn::AdaptiveAvgPool2d(1));
  }
};

struct ClassifierImpl : torch::nn::Module {
  explicit ClassifierImpl(int64_t classes) {
    backbone_ = register_module("backbone", std::make_shared<TinyVgg>());
    head_ = register_module("head", torch::nn::Linear(32, classes));
  }
  torch::Tensor forward(torch::Tensor x) { return head_(backbone_->forward(x)); }
  std::shared_ptr<TinyVgg> backbone_;
  torch::nn::Linear head_{nullptr};
};
TORCH_MODULE(Classifier);

int main() {
  Classifier net(5);
  torch::optim::SGD opt(net->parameters(), 0.01);
  auto loss = torch::cross_entropy_loss(net(torch::randn({2, 3, 16, 16})), torch::randint(0, 5, {2}));
  loss.backward();
  opt.step();
}
