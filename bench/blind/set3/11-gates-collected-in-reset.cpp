// TAGS: container-alias, vector-filled-in-helper-method
#include <torch/torch.h>
#include <vector>

struct GatedUnitImpl : torch::nn::Cloneable<GatedUnitImpl> {
  GatedUnitImpl(int64_t in, int64_t hidden) : in_(in), hidden_(hidden) { reset(); }

  void reset() override {
    input_gate_ = register_module("input_gate", torch::nn::Linear(in_, hidden_));
    forget_gate_ = register_module("forget_gate", torch::nn::Linear(in_, hidden_));
    candidate_ = register_module("candidate", torch::nn::Linear(in_, hidden_));
    collect_gates();
  }

  torch::Tensor forward(torch::Tensor x, torch::Tensor c) {
    std::vector<torch::Tensor> g;
    for (auto &gate : gates_) g.push_back(torch::sigmoid(gate(x)));
    return g[1] * c + g[0] * torch::tanh(candidate_(x));
  }

 private:
  void collect_gates() { gates_ = {input_gate_, forget_gate_}; }

  int64_t in_, hidden_;
  torch::nn::Linear input_gate_{nullptr}, forget_gate_{nullptr}, candidate_{nullptr};
  std::vector<torch::nn::Linear> gates_;
};
TORCH_MODULE(GatedUnit);

int main() {
  GatedUnit unit(8, 8);
  auto replica = std::dynamic_pointer_cast<GatedUnitImpl>(unit->clone());
  auto c = replica->forward(torch::randn({3, 8}), torch::zeros({3, 8}));
  c.sum().backward();
}
