// TAGS: nn-output-not-in-loss, struct-field
#include <torch/torch.h>
#include <vector>

struct DetOutput {
  torch::Tensor logits;
  torch::Tensor boxes;
};

struct DetectorImpl : torch::nn::Module {
  DetectorImpl() {
    trunk_ = register_module("trunk", torch::nn::Linear(64, 64));
    cls_ = register_module("cls", torch::nn::Linear(64, 5));
    box_ = register_module("box", torch::nn::Linear(64, 4));
  }
  DetOutput forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk_(x));
    return {cls_(h), box_(h)};
  }
  torch::nn::Linear trunk_{nullptr}, cls_{nullptr}, box_{nullptr};
};
TORCH_MODULE(Detector);

// The loss is a lambda that only looks at the class scores; the boxes are
// printed.
void train(Detector &net, torch::optim::SGD &opt, const std::vector<std::pair<torch::Tensor, torch::Tensor>> &batches) {
  auto criterion = [](const DetOutput &o, const torch::Tensor &y) {
    return torch::nn::functional::cross_entropy(o.logits, y);
  };
  for (const auto &[x, y] : batches) {
    opt.zero_grad();
    DetOutput out = net(x); // EXPECT: nn-output-not-in-loss
    torch::Tensor loss = criterion(out, y);
    loss.backward();
    opt.step();
    std::cout << out.boxes.mean().item<float>() << "\n";
  }
}
