// TAGS: container-alias, shared-ptr-handle
#include <torch/torch.h>
#include <memory>

struct RegressorImpl : torch::nn::Cloneable<RegressorImpl> {
  RegressorImpl(int64_t in, int64_t hidden) : in_(in), hidden_(hidden) {
    reset();
    output_layer_ = fc2_.ptr();
  }

  void reset() override {
    fc1_ = register_module("fc1", torch::nn::Linear(in_, hidden_));
    fc2_ = register_module("fc2", torch::nn::Linear(hidden_, 1));
  }

  void init_output_bias(double mean) {
    torch::NoGradGuard no_grad;
    output_layer_->bias.fill_(mean);
  }

  torch::Tensor forward(torch::Tensor x) {
    return output_layer_->forward(torch::relu(fc1_(x)));
  }

  int64_t in_, hidden_;
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
  std::shared_ptr<torch::nn::LinearImpl> output_layer_;  // EXPECT: nn-container-alias
};
TORCH_MODULE(Regressor);

int main() {
  Regressor model(10, 32);
  model->init_output_bias(3.5);
  auto clone = std::dynamic_pointer_cast<RegressorImpl>(model->clone());
  auto loss = torch::mse_loss(clone->forward(torch::randn({4, 10})), torch::randn({4, 1}));
  loss.backward();
}
