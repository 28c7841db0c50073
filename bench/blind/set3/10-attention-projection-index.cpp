// TAGS: container-alias, map-filled-in-helper-method
#include <torch/torch.h>
#include <cmath>
#include <string>
#include <unordered_map>

struct SelfAttentionImpl : torch::nn::Cloneable<SelfAttentionImpl> {
  explicit SelfAttentionImpl(int64_t dim) : dim_(dim) {
    reset();
    index_projections();
  }

  void reset() override {
    q_ = register_module("q", torch::nn::Linear(dim_, dim_));
    k_ = register_module("k", torch::nn::Linear(dim_, dim_));
    v_ = register_module("v", torch::nn::Linear(dim_, dim_));
  }

  void index_projections() { proj_ = {{"q", q_}, {"k", k_}, {"v", v_}}; }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor q = proj_.at("q")(x);
    torch::Tensor k = proj_.at("k")(x);
    torch::Tensor v = proj_.at("v")(x);
    torch::Tensor w = torch::softmax(torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(dim_)), -1);
    return torch::matmul(w, v);
  }

  int64_t dim_;
  torch::nn::Linear q_{nullptr}, k_{nullptr}, v_{nullptr};
  std::unordered_map<std::string, torch::nn::Linear> proj_;  // EXPECT: nn-container-alias
};
TORCH_MODULE(SelfAttention);

int main() {
  SelfAttention attn(16);
  auto copy = std::dynamic_pointer_cast<SelfAttentionImpl>(attn->clone());
  auto y = copy->forward(torch::randn({2, 5, 16}));
  y.sum().backward();
}
