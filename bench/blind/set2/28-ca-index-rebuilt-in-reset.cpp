// TAGS: nn-container-alias, lookup-map-built-by-method
#include <torch/torch.h>
#include <map>
#include <string>

// Same layout as a name -> layer index, but reset() rebuilds the index after
// registering, so a clone's index points at the clone's layers.
struct GateBankImpl : torch::nn::Cloneable<GateBankImpl> {
  explicit GateBankImpl(int64_t dim) : dim_(dim) { reset(); }
  void reset() override {
    input_gate = register_module("input_gate", torch::nn::Linear(dim_, dim_));
    forget_gate = register_module("forget_gate", torch::nn::Linear(dim_, dim_));
    index_layers();
  }
  void index_layers() {
    by_name_.clear();
    by_name_.emplace("input", input_gate);
    by_name_.emplace("forget", forget_gate);
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor c) {
    auto i = torch::sigmoid(by_name_.at("input")(x));
    auto f = torch::sigmoid(by_name_.at("forget")(x));
    return f * c + i * torch::tanh(x);
  }
  int64_t dim_;
  torch::nn::Linear input_gate{nullptr}, forget_gate{nullptr};
  std::map<std::string, torch::nn::Linear> by_name_;
};
TORCH_MODULE(GateBank);

int main() {
  GateBank bank(6);
  auto copy = std::dynamic_pointer_cast<GateBankImpl>(bank->clone());
  auto y = copy->forward(torch::randn({2, 6}), torch::zeros({2, 6}));
  return y.size(1) == 6 ? 0 : 1;
}
