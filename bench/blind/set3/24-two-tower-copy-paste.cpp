// TAGS: unused-parameter, two-tower-copy-paste
#include <torch/torch.h>

torch::nn::Sequential make_tower(int64_t in, int64_t dim) {
  return torch::nn::Sequential(torch::nn::Linear(in, 128), torch::nn::ReLU(), torch::nn::Linear(128, dim));
}

struct TwoTowerImpl : torch::nn::Module {
  TwoTowerImpl(int64_t query_in, int64_t doc_in, int64_t dim) {
    query_tower_ = register_module("query_tower", make_tower(query_in, dim));
    doc_tower_ = register_module("doc_tower", make_tower(doc_in, dim));  // EXPECT: nn-unused-parameter
  }

  torch::Tensor forward(torch::Tensor query, torch::Tensor doc) {
    torch::Tensor zq = torch::nn::functional::normalize(query_tower_->forward(query));
    torch::Tensor zd = torch::nn::functional::normalize(query_tower_->forward(doc));
    return (zq * zd).sum(1);
  }

  torch::nn::Sequential query_tower_{nullptr}, doc_tower_{nullptr};
};
TORCH_MODULE(TwoTower);

int main() {
  TwoTower model(64, 64, 32);
  torch::optim::Adam opt(model->parameters());
  auto score = model(torch::randn({8, 64}), torch::randn({8, 64}));
  auto loss = torch::binary_cross_entropy_with_logits(score, torch::randint(0, 2, {8}).to(torch::kFloat));
  opt.zero_grad();
  loss.backward();
  opt.step();
}
