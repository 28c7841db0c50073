// TAGS: nn-unregistered-submodule, multiple-constructors
#include <torch/torch.h>

struct HeadConfig {
  int64_t in = 32;
  int64_t classes = 10;
};

// Two ways to build the classifier: from sizes (registers the head) or from a
// config struct (assigns the head and forgets to register it).
struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in, int64_t classes) {
    body = register_module("body", torch::nn::Linear(in, in));
    head = register_module("head", torch::nn::Linear(in, classes));
  }
  explicit ClassifierImpl(const HeadConfig &cfg) {
    body = register_module("body", torch::nn::Linear(cfg.in, cfg.in));
    head = torch::nn::Linear(cfg.in, cfg.classes);
  }

  torch::Tensor forward(torch::Tensor x) { return head(torch::relu(body(x))); }

  torch::nn::Linear body{nullptr};
  torch::nn::Linear head{nullptr};  // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(Classifier);

int main() {
  Classifier a(32, 10);
  Classifier b(HeadConfig{});
  auto y = a(torch::randn({2, 32})) + b(torch::randn({2, 32}));
  return y.size(1) == 10 ? 0 : 1;
}
