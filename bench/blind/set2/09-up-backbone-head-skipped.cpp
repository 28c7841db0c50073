// TAGS: nn-unused-parameter, child-forward-bypassed
#include <torch/torch.h>

// A pretrained-style classifier reused as a backbone: the owner registers the
// whole classifier but calls only its feature extractor, so the classifier's
// own head is carried in parameters() and never gets a gradient.
struct BackboneImpl : torch::nn::Module {
  BackboneImpl() {
    features = register_module("features", torch::nn::Sequential(
        torch::nn::Linear(16, 32), torch::nn::ReLU(), torch::nn::Linear(32, 32), torch::nn::ReLU()));
    classifier = register_module("classifier", torch::nn::Linear(32, 1000));
  }
  torch::Tensor forward(torch::Tensor x) { return classifier(features->forward(x)); }
  torch::nn::Sequential features{nullptr};
  torch::nn::Linear classifier{nullptr};
};
TORCH_MODULE(Backbone);

struct SegmenterImpl : torch::nn::Module {
  SegmenterImpl() {
    backbone = register_module("backbone", Backbone());  // EXPECT: nn-unused-parameter
    decoder = register_module("decoder", torch::nn::Linear(32, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto feats = backbone->features->forward(x);
    return decoder(feats);
  }
  Backbone backbone{nullptr};
  torch::nn::Linear decoder{nullptr};
};
TORCH_MODULE(Segmenter);

int main() {
  Segmenter net;
  torch::optim::SGD opt(net->parameters(), 0.1);
  auto loss = torch::cross_entropy_loss(net(torch::randn({8, 16})), torch::randint(0, 4, {8}));
  opt.zero_grad();
  loss.backward();
  opt.step();
  return 0;
}
