// TAGS: nn-unregistered-submodule, std-function
#include <torch/torch.h>
#include <functional>
#include <memory>
#include <string>

// Registration goes through a registrar kept in a std::function.
struct TwoTowerImpl : torch::nn::Module {
  TwoTowerImpl(int64_t in, int64_t dim) {
    std::function<void(const std::string &, std::shared_ptr<torch::nn::Module>)> add =
        [this](const std::string &name, std::shared_ptr<torch::nn::Module> m) { register_module(name, std::move(m)); };
    query_ = torch::nn::Linear(in, dim);
    key_ = torch::nn::Linear(in, dim);
    add("query", query_.ptr());
    add("key", key_.ptr());
  }
  torch::Tensor forward(torch::Tensor q, torch::Tensor k) {
    return (query_(q) * key_(k)).sum(-1);
  }
  torch::nn::Linear query_{nullptr};
  torch::nn::Linear key_{nullptr};
};
TORCH_MODULE(TwoTower);
