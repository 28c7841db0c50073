// TAGS: register-outside-reset, init-list-registration
#include <torch/torch.h>

struct ProbeImpl : torch::nn::Cloneable<ProbeImpl> {
  ProbeImpl()
      : l1(register_module("l1", torch::nn::Linear(10, 3))),  // EXPECT: nn-register-outside-reset
        l2(register_module("l2", torch::nn::Linear(3, 5))) {}  // EXPECT: nn-register-outside-reset

  void reset() override {}

  torch::Tensor forward(torch::Tensor x) { return l2(torch::relu(l1(x))); }

  torch::nn::Linear l1{nullptr}, l2{nullptr};
};
TORCH_MODULE(Probe);

int main() {
  Probe probe;
  torch::Device device(torch::kCPU);
  auto copy = probe->clone(device);
  std::cout << copy->parameters().size() << "\n";
}
