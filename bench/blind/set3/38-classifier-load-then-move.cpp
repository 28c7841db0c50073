// TAGS: load-without-device, load-before-move
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <string>

struct NumberNetImpl : torch::nn::Module {
  NumberNetImpl() {
    conv_ = register_module("conv", torch::nn::Conv2d(1, 8, 3));
    fc_ = register_module("fc", torch::nn::Linear(8 * 26 * 26, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return fc_(torch::relu(conv_(x)).flatten(1)); }
  torch::nn::Conv2d conv_{nullptr};
  torch::nn::Linear fc_{nullptr};
};

class DigitClassifier {
 public:
  DigitClassifier(const std::string &model_path, int gpu)
      : device_(gpu >= 0 ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(gpu)) : torch::Device(torch::kCPU)) {
    model_ = std::make_shared<NumberNetImpl>();
    torch::load(model_, model_path);
    model_->to(device_);
    model_->eval();
  }

  int classify(const torch::Tensor &image) {
    torch::NoGradGuard no_grad;
    return model_->forward(image.to(device_).unsqueeze(0)).argmax(1).item<int>();
  }

 private:
  torch::Device device_;
  std::shared_ptr<NumberNetImpl> model_;
};

int main() {
  DigitClassifier clf("digits.pt", 1);
  std::cout << clf.classify(torch::rand({1, 28, 28})) << "\n";
}
