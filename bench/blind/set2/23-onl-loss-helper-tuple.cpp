// TAGS: nn-output-not-in-loss, loss-helper-takes-tuple
#include <torch/torch.h>
#include <tuple>

// A detector returns class scores and box offsets; the loss helper receives
// the whole prediction but reads only the class scores.
struct TinyDetectorImpl : torch::nn::Module {
  TinyDetectorImpl() {
    backbone = register_module("backbone", torch::nn::Linear(64, 64));
    cls_head = register_module("cls_head", torch::nn::Linear(64, 21));
    box_head = register_module("box_head", torch::nn::Linear(64, 4));
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    auto f = torch::relu(backbone(x));
    return std::make_tuple(cls_head(f), box_head(f));
  }
  torch::nn::Linear backbone{nullptr}, cls_head{nullptr}, box_head{nullptr};
};
TORCH_MODULE(TinyDetector);

torch::Tensor detection_loss(const std::tuple<torch::Tensor, torch::Tensor> &pred,
                             const torch::Tensor &labels, const torch::Tensor &boxes) {
  auto cls_loss = torch::nll_loss(torch::log_softmax(std::get<0>(pred), 1), labels);
  (void)boxes;  // box regression to be added
  return cls_loss;
}

void step(TinyDetector &model, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor labels,
          torch::Tensor boxes) {
  auto pred = model->forward(x);  // EXPECT: nn-output-not-in-loss
  auto loss = detection_loss(pred, labels, boxes);
  opt.zero_grad();
  loss.backward();
  opt.step();
}

int main() {
  TinyDetector model;
  torch::optim::SGD opt(model->parameters(), 0.01);
  step(model, opt, torch::randn({4, 64}), torch::randint(0, 21, {4}), torch::rand({4, 4}));
  return 0;
}
