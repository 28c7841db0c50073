// TAGS: unused-parameter, frozen-teacher-no-grad
#include <torch/torch.h>

struct DistillerImpl : torch::nn::Module {
  DistillerImpl(int64_t in, int64_t classes, double temperature) : temperature_(temperature) {
    student_ = register_module("student", torch::nn::Sequential(torch::nn::Linear(in, 32), torch::nn::ReLU(),
                                                                torch::nn::Linear(32, classes)));
    teacher_ = register_module("teacher", torch::nn::Sequential(torch::nn::Linear(in, 256), torch::nn::ReLU(),
                                                                torch::nn::Linear(256, classes)));
    for (auto &p : teacher_->parameters()) p.set_requires_grad(false);
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor soft;
    {
      torch::NoGradGuard no_grad;
      soft = torch::softmax(teacher_->forward(x) / temperature_, 1);
    }
    return {student_->forward(x), soft};
  }

  double temperature_;
  torch::nn::Sequential student_{nullptr}, teacher_{nullptr};
};
TORCH_MODULE(Distiller);

int main() {
  Distiller model(16, 4, 2.0);
  torch::optim::Adam opt(model->student_->parameters());
  auto [logits, soft] = model(torch::randn({8, 16}));
  auto loss = torch::kl_div(torch::log_softmax(logits / 2.0, 1), soft, at::Reduction::Mean);
  opt.zero_grad();
  loss.backward();
  opt.step();
}
