// TAGS: nn-unused-parameter, library-function
#include <torch/torch.h>

// Self-distillation: the teacher branch is run with grad mode switched off,
// but its parameters are registered and still require grad.
struct DistillImpl : torch::nn::Module {
  DistillImpl() {
    student_ = register_module("student", torch::nn::Linear(32, 8));
    teacher_ = register_module("teacher", torch::nn::Linear(32, 8)); // EXPECT: nn-unused-parameter
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor s = torch::log_softmax(student_(x), -1);
    torch::Tensor t;
    {
      torch::AutoGradMode off(false);
      t = torch::softmax(teacher_(x), -1);
    }
    return torch::kl_div(s, t, at::Reduction::Mean);
  }
  torch::nn::Linear student_{nullptr};
  torch::nn::Linear teacher_{nullptr};
};
TORCH_MODULE(Distill);
