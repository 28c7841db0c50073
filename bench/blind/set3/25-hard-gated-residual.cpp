// TAGS: unused-parameter, comparison-cut
#include <torch/torch.h>

struct GatedResidualImpl : torch::nn::Module {
  explicit GatedResidualImpl(int64_t dim) {
    body_ = register_module("body", torch::nn::Linear(dim, dim));
    gate_ = register_module("gate", torch::nn::Linear(dim, 1));  // EXPECT: nn-unused-parameter
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(body_(x));
    torch::Tensor keep = torch::sigmoid(gate_(x)) > 0.5;
    return x + h * keep;
  }

  torch::nn::Linear body_{nullptr}, gate_{nullptr};
};
TORCH_MODULE(GatedResidual);

int main() {
  GatedResidual block(16);
  torch::optim::SGD opt(block->parameters(), 0.05);
  auto loss = block(torch::randn({4, 16})).pow(2).mean();
  loss.backward();
  opt.step();
}
