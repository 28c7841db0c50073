// TAGS: unregistered-submodule, struct-field-holder
#include <torch/torch.h>

struct DetectionHeads {
  torch::nn::Linear cls{nullptr};
  torch::nn::Linear box{nullptr};  // EXPECT: nn-unregistered-submodule
};

struct DetectorImpl : torch::nn::Module {
  DetectorImpl(int64_t feat, int64_t classes) {
    backbone_ = register_module(
        "backbone", torch::nn::Sequential(torch::nn::Linear(32, feat), torch::nn::ReLU()));
    heads_.cls = register_module("cls", torch::nn::Linear(feat, classes));
    heads_.box = torch::nn::Linear(feat, 4);
  }

  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = backbone_->forward(x);
    return {heads_.cls(h), heads_.box(h)};
  }

  torch::nn::Sequential backbone_{nullptr};
  DetectionHeads heads_;
};
TORCH_MODULE(Detector);

int main() {
  Detector det(64, 3);
  torch::optim::SGD opt(det->parameters(), 0.01);
  auto [logits, boxes] = det(torch::randn({16, 32}));
  auto loss = torch::cross_entropy_loss(logits, torch::randint(0, 3, {16})) +
              torch::smooth_l1_loss(boxes, torch::rand({16, 4}));
  opt.zero_grad();
  loss.backward();
  opt.step();
}
