// TAGS: nn-reset-accumulates, local-then-assign
#include <torch/torch.h>
#include <string>
#include <vector>

// reset() collects the heads in a local vector and then replaces the member.
struct MultiTaskImpl : torch::nn::Cloneable<MultiTaskImpl> {
  MultiTaskImpl(int64_t dim, int tasks) : dim_(dim), tasks_(tasks) { reset(); }
  void reset() override {
    std::vector<torch::nn::Linear> fresh;
    for (int t = 0; t < tasks_; ++t)
      fresh.push_back(register_module("head" + std::to_string(t), torch::nn::Linear(dim_, 1)));
    heads_ = std::move(fresh);
  }
  torch::Tensor forward(torch::Tensor x) {
    std::vector<torch::Tensor> outs;
    for (auto &h : heads_) outs.push_back(h(x));
    return torch::cat(outs, 1);
  }
  int64_t dim_;
  int tasks_;
  std::vector<torch::nn::Linear> heads_;
};
TORCH_MODULE(MultiTask);
