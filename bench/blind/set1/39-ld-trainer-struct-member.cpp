// TAGS: nn-load-without-device, other-method
#include <torch/torch.h>
#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc_ = register_module("fc", torch::nn::Linear(10, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc_(x); }
  torch::nn::Linear fc_{nullptr};
};
TORCH_MODULE(Net);

// One trainer per rank: the model is placed on the rank's GPU when the trainer
// is built and reloaded later in resume().
struct Trainer {
  explicit Trainer(int rank) : device_(torch::kCUDA, static_cast<c10::DeviceIndex>(rank)) { net_->to(device_); }
  void resume(const std::string &path) {
    torch::load(net_, path); // EXPECT: nn-load-without-device
  }
  torch::Device device_;
  Net net_;
};
