// TAGS: nn-load-without-device, load-then-move
#include <torch/torch.h>
#include <memory>
#include <string>

struct PolicyImpl : torch::nn::Module {
  PolicyImpl() { fc_ = register_module("fc", torch::nn::Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) { return torch::softmax(fc_(x), -1); }
  torch::nn::Linear fc_{nullptr};
};

// The best checkpoint is loaded into a fresh model, which is moved afterwards.
std::shared_ptr<PolicyImpl> best_policy(std::shared_ptr<PolicyImpl> trained, const std::string &path, int gpu) {
  torch::Device device(torch::kCUDA, static_cast<c10::DeviceIndex>(gpu));
  trained->to(device);
  torch::save(trained, path);
  auto best = std::make_shared<PolicyImpl>();
  torch::load(best, path);
  best->to(device);
  return best;
}
