// TAGS: conditional-parameter, batch-size-guard
#include <torch/torch.h>

struct ProjectionHeadImpl : torch::nn::Module {
  ProjectionHeadImpl(int64_t in, int64_t hidden, int64_t out) {
    fc1_ = register_module("fc1", torch::nn::Linear(in, hidden));
    bn_ = register_module("bn", torch::nn::BatchNorm1d(hidden));  // EXPECT: nn-conditional-parameter
    fc2_ = register_module("fc2", torch::nn::Linear(hidden, out));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = fc1_(x);
    // BatchNorm cannot normalise a batch of one sample in training.
    if (h.size(0) > 1) h = bn_(h);
    return fc2_(torch::relu(h));
  }

  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
  torch::nn::BatchNorm1d bn_{nullptr};
};
TORCH_MODULE(ProjectionHead);

int main() {
  ProjectionHead head(128, 256, 64);
  torch::optim::SGD opt(head->parameters(), 0.1);
  for (int64_t batch : {32, 32, 1}) {
    auto z = head(torch::randn({batch, 128}));
    opt.zero_grad();
    z.pow(2).mean().backward();
    opt.step();
  }
}
