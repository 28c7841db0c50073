// TAGS: reset-accumulates, map-emplace-in-reset
#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

struct TaskHeadsImpl : torch::nn::Cloneable<TaskHeadsImpl> {
  TaskHeadsImpl(std::vector<std::string> tasks, int64_t dim) : tasks_(std::move(tasks)), dim_(dim) {
    reset();
  }

  void reset() override {
    trunk_ = register_module("trunk", torch::nn::Linear(dim_, dim_));
    for (const auto &t : tasks_)
      heads_.emplace(t, register_module("head_" + t, torch::nn::Linear(dim_, 1)));  // EXPECT: nn-reset-accumulates
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk_(x));
    std::vector<torch::Tensor> outs;
    for (const auto &t : tasks_) outs.push_back(heads_.at(t)(h));
    return torch::cat(outs, 1);
  }

  std::vector<std::string> tasks_;
  int64_t dim_;
  torch::nn::Linear trunk_{nullptr};
  std::map<std::string, torch::nn::Linear> heads_;
};
TORCH_MODULE(TaskHeads);

int main() {
  TaskHeads heads(std::vector<std::string>{"ctr", "cvr"}, 16);
  auto copy = std::dynamic_pointer_cast<TaskHeadsImpl>(heads->clone());
  copy->forward(torch::randn({4, 16})).sum().backward();
}
