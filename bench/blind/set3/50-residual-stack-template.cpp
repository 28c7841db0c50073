// TAGS: unregistered-submodule, class-template-vector
#include <torch/torch.h>
#include <string>
#include <vector>

template <typename Block>
struct ResidualStackImpl : torch::nn::Module {
  ResidualStackImpl(int64_t dim, int depth) {
    for (int i = 0; i < depth; ++i)
      blocks_.push_back(register_module("block" + std::to_string(i), Block(dim, dim)));
  }

  torch::Tensor forward(torch::Tensor x) {
    for (auto &block : blocks_) x = x + torch::relu(block(x));
    return x;
  }

  std::vector<Block> blocks_;
};

struct LinearStack : torch::nn::ModuleHolder<ResidualStackImpl<torch::nn::Linear>> {
  using torch::nn::ModuleHolder<ResidualStackImpl<torch::nn::Linear>>::ModuleHolder;
};

int main() {
  LinearStack stack(16, 4);
  torch::optim::Adam opt(stack->parameters());
  auto loss = stack(torch::randn({8, 16})).pow(2).mean();
  loss.backward();
  opt.step();
}
