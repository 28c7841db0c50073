// TAGS: load-without-device, resume-with-device
#include <torch/torch.h>
#include <cstdlib>
#include <fstream>
#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() {
    features_ = register_module("features", torch::nn::Sequential(torch::nn::Conv2d(3, 16, 3), torch::nn::ReLU(),
                                                                  torch::nn::AdaptiveAvgPool2d(1), torch::nn::Flatten()));
    head_ = register_module("head", torch::nn::Linear(16, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return head_(features_->forward(x)); }
  torch::nn::Sequential features_{nullptr};
  torch::nn::Linear head_{nullptr};
};
TORCH_MODULE(Net);

int main() {
  const char *local_rank = std::getenv("LOCAL_RANK");
  torch::Device device(torch::kCUDA, static_cast<c10::DeviceIndex>(local_rank ? std::atoi(local_rank) : 0));
  Net model;
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), 1e-3);

  const std::string model_ckpt = "checkpoints/model.pt", optim_ckpt = "checkpoints/optim.pt";
  if (std::ifstream(model_ckpt).good()) {
    torch::load(model, model_ckpt, device);
    torch::load(optimizer, optim_ckpt, device);
  }

  auto loss = torch::cross_entropy_loss(model(torch::randn({4, 3, 32, 32}, device)),
                                        torch::randint(0, 10, {4}, torch::TensorOptions().device(device).dtype(torch::kLong)));
  optimizer.zero_grad();
  loss.backward();
  optimizer.step();
  torch::save(model, model_ckpt);
  torch::save(optimizer, optim_ckpt);
}
