// TAGS: load-without-device, member-moved-in-constructor
#include <torch/torch.h>
#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl(int64_t in, int64_t classes) {
    fc1_ = register_module("fc1", torch::nn::Linear(in, 64));
    fc2_ = register_module("fc2", torch::nn::Linear(64, classes));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2_(torch::relu(fc1_(x))); }
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
};
TORCH_MODULE(Net);

class Predictor {
 public:
  explicit Predictor(int gpu) : device_(torch::kCUDA, static_cast<c10::DeviceIndex>(gpu)), model_(16, 4) {
    model_->to(device_);
    model_->eval();
  }

  void restore(const std::string &path) {
    torch::load(model_, path);  // EXPECT: nn-load-without-device
  }

  torch::Tensor predict(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    return torch::softmax(model_(x.to(device_)), 1);
  }

 private:
  torch::Device device_;
  Net model_;
};

int main(int argc, char **argv) {
  Predictor predictor(argc > 1 ? std::stoi(argv[1]) : 0);
  predictor.restore("model.pt");
  std::cout << predictor.predict(torch::randn({1, 16})) << "\n";
}
