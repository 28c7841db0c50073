// TAGS: nn-load-without-device, inference-wrapper-class
#include <torch/torch.h>
#include <string>

struct NumberNetImpl : torch::nn::Module {
  NumberNetImpl() {
    fc1 = register_module("fc1", torch::nn::Linear(400, 64));
    fc2 = register_module("fc2", torch::nn::Linear(64, 9));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(fc1(x.flatten(1)))); }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};

// A classifier service pinned to one GPU at construction; the checkpoint is
// read later by restore(), without a device.
class DigitClassifier {
 public:
  explicit DigitClassifier(int gpu) : device_(torch::kCUDA, gpu), model_(std::make_shared<NumberNetImpl>()) {
    model_->to(device_);
    model_->eval();
  }
  void restore(const std::string &path) {
    torch::load(model_, path);  // EXPECT: nn-load-without-device
  }
  int predict(const torch::Tensor &roi) {
    torch::NoGradGuard no_grad;
    return model_->forward(roi.to(device_)).argmax(1).item<int>();
  }

 private:
  torch::Device device_;
  std::shared_ptr<NumberNetImpl> model_;
};

int main(int argc, char **argv) {
  DigitClassifier clf(argc > 2 ? std::stoi(argv[2]) : 0);
  clf.restore(argc > 1 ? argv[1] : "digits.pt");
  return clf.predict(torch::rand({1, 20, 20}));
}
