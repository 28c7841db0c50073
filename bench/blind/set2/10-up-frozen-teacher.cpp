// TAGS: nn-unused-parameter, frozen-teacher-no-grad
#include <torch/torch.h>

struct MLPImpl : torch::nn::Module {
  MLPImpl(int64_t in, int64_t out) {
    fc1 = register_module("fc1", torch::nn::Linear(in, 64));
    fc2 = register_module("fc2", torch::nn::Linear(64, out));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(MLP);

// Distillation wrapper: the teacher is registered so that to() and save()
// carry it, frozen at construction, and run without autograd.
struct DistillerImpl : torch::nn::Module {
  DistillerImpl() {
    student = register_module("student", MLP(8, 4));
    teacher = register_module("teacher", MLP(8, 4));
    for (auto &p : teacher->parameters()) p.requires_grad_(false);
  }
  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor soft;
    {
      torch::NoGradGuard no_grad;
      soft = torch::softmax(teacher(x) / 2.0, -1);
    }
    return {student(x), soft};
  }
  MLP student{nullptr}, teacher{nullptr};
};
TORCH_MODULE(Distiller);

int main() {
  Distiller d;
  torch::optim::Adam opt(d->student->parameters(), 1e-3);
  auto [logits, soft] = d(torch::randn({4, 8}));
  auto loss = torch::kl_div(torch::log_softmax(logits / 2.0, -1), soft, at::Reduction::Mean);
  opt.zero_grad();
  loss.backward();
  opt.step();
  return 0;
}
