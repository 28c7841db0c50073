// TAGS: unregistered-submodule, out-of-line-members
#include <torch/torch.h>

class ConvNetImpl : public torch::nn::Module {
 public:
  ConvNetImpl(int64_t width, int64_t height, int64_t hidden, int64_t classes);
  torch::Tensor forward(torch::Tensor x);

 private:
  torch::nn::Sequential encoder_;
  torch::nn::Linear fc1_;
  torch::nn::Linear fc2_;
};
TORCH_MODULE(ConvNet);

ConvNetImpl::ConvNetImpl(int64_t width, int64_t height, int64_t hidden, int64_t classes)
    : encoder_(torch::nn::Conv2d(1, 16, 3), torch::nn::ReLU(), torch::nn::Conv2d(16, 32, 3),
               torch::nn::ReLU()),
      fc1_(32 * (width - 4) * (height - 4), hidden),
      fc2_(hidden, classes) {
  register_module("encoder", encoder_);
  register_module("fc1", fc1_);
  register_module("fc2", fc2_);
}

torch::Tensor ConvNetImpl::forward(torch::Tensor x) {
  x = encoder_->forward(x).flatten(1);
  x = torch::relu(fc1_->forward(x));
  return fc2_->forward(x);
}

int main() {
  ConvNet net(28, 28, 128, 10);
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  auto x = torch::randn({4, 1, 28, 28});
  auto loss = torch::nll_loss(torch::log_softmax(net(x), 1), torch::randint(0, 10, {4}));
  opt.zero_grad();
  loss.backward();
  opt.step();
}
