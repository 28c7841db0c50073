// TAGS: nn-conditional-parameter, optional-input
#include <torch/torch.h>
#include <vector>

// Class-conditional generator: the label embedding is used when labels are
// passed, and the only training loop always passes them.
struct CondGenImpl : torch::nn::Module {
  CondGenImpl(int64_t z_dim, int64_t classes) {
    embed_ = register_module("embed", torch::nn::Embedding(classes, z_dim));
    net_ = register_module("net", torch::nn::Linear(z_dim, 784));
  }
  torch::Tensor forward(torch::Tensor z, torch::Tensor labels = {}) {
    if (labels.defined()) z = z * embed_(labels);
    return torch::tanh(net_(z));
  }
  torch::nn::Embedding embed_{nullptr};
  torch::nn::Linear net_{nullptr};
};
TORCH_MODULE(CondGen);

void fit(CondGen &gen, torch::optim::Adam &opt, const std::vector<torch::Tensor> &labels, int64_t z_dim) {
  for (const auto &y : labels) {
    opt.zero_grad();
    torch::Tensor z = torch::randn({y.size(0), z_dim});
    torch::Tensor fake = gen(z, y);
    torch::Tensor loss = fake.pow(2).mean();
    loss.backward();
    opt.step();
  }
}
