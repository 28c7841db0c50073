// TAGS: nn-container-alias, lookup-map-built-by-method
#include <torch/torch.h>
#include <map>
#include <string>

// Attention projections registered in reset(); a name -> layer index is built
// by a separate method that only the constructor calls.
struct AttnProjImpl : torch::nn::Cloneable<AttnProjImpl> {
  explicit AttnProjImpl(int64_t dim) : dim_(dim) {
    reset();
    index_layers();
  }
  void reset() override {
    q = register_module("q", torch::nn::Linear(dim_, dim_));
    k = register_module("k", torch::nn::Linear(dim_, dim_));
    v = register_module("v", torch::nn::Linear(dim_, dim_));
  }
  void index_layers() {
    by_name_.emplace("q", q);
    by_name_.emplace("k", k);
    by_name_.emplace("v", v);
  }
  torch::Tensor forward(torch::Tensor x) {
    auto scores = torch::softmax(by_name_.at("q")(x).matmul(by_name_.at("k")(x).transpose(-2, -1)), -1);
    return scores.matmul(by_name_.at("v")(x));
  }
  int64_t dim_;
  torch::nn::Linear q{nullptr}, k{nullptr}, v{nullptr};
  std::map<std::string, torch::nn::Linear> by_name_;  // EXPECT: nn-container-alias
};
TORCH_MODULE(AttnProj);

int main() {
  AttnProj attn(8);
  auto copy = std::dynamic_pointer_cast<AttnProjImpl>(attn->clone());
  auto y = copy->forward(torch::randn({2, 5, 8}));
  return y.size(2) == 8 ? 0 : 1;
}
