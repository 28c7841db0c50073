// TAGS: nn-unused-parameter, config-fixed-guard
#include <torch/torch.h>

enum class Task { kClassify, kRegress };

// One of two heads is used, chosen once by the constructor's argument; both
// are registered only for the task that uses them.
struct MultiHeadImpl : torch::nn::Module {
  MultiHeadImpl(int64_t dim, Task task) : task_(task) {
    trunk_ = register_module("trunk", torch::nn::Linear(dim, dim));
    if (task == Task::kClassify)
      cls_ = register_module("cls", torch::nn::Linear(dim, 4));
    else
      reg_ = register_module("reg", torch::nn::Linear(dim, 1));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk_(x));
    switch (task_) {
      case Task::kClassify:
        return cls_(h);
      case Task::kRegress:
        return reg_(h);
    }
    return h;
  }
  Task task_;
  torch::nn::Linear trunk_{nullptr}, cls_{nullptr}, reg_{nullptr};
};
TORCH_MODULE(MultiHead);
