// TAGS: nn-unused-parameter, second-entry-point
#include <torch/torch.h>

// The auxiliary depth head is used by a public loss method that the training
// step calls next to forward().
struct SegNetImpl : torch::nn::Module {
  SegNetImpl() {
    encoder = register_module("encoder", torch::nn::Linear(16, 32));
    seg_head = register_module("seg_head", torch::nn::Linear(32, 5));
    depth_head = register_module("depth_head", torch::nn::Linear(32, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return seg_head(features(x)); }
  torch::Tensor depth_loss(torch::Tensor x, torch::Tensor depth) {
    return torch::l1_loss(depth_head(features(x)), depth);
  }
  torch::Tensor features(torch::Tensor x) { return torch::relu(encoder(x)); }

  torch::nn::Linear encoder{nullptr}, seg_head{nullptr}, depth_head{nullptr};
};
TORCH_MODULE(SegNet);

void train_step(SegNet &net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor labels,
                torch::Tensor depth) {
  opt.zero_grad();
  auto loss = torch::cross_entropy_loss(net(x), labels) + 0.4 * net->depth_loss(x, depth);
  loss.backward();
  opt.step();
}

int main() {
  SegNet net;
  torch::optim::Adam opt(net->parameters(), 1e-3);
  train_step(net, opt, torch::randn({4, 16}), torch::randint(0, 5, {4}), torch::rand({4, 1}));
  return 0;
}
