// TAGS: conditional-parameter, throwing-guard
#include <torch/torch.h>

struct PointEncoderImpl : torch::nn::Module {
  PointEncoderImpl(int64_t dims, int64_t features) {
    mlp_ = register_module("mlp", torch::nn::Sequential(torch::nn::Conv1d(dims, 64, 1), torch::nn::ReLU(),
                                                        torch::nn::Conv1d(64, features, 1)));
    head_ = register_module("head", torch::nn::Linear(features, 40));
  }

  torch::Tensor forward(torch::Tensor points) {
    TORCH_CHECK(points.dim() == 3, "expected [batch, dims, points], got ", points.sizes());
    if (points.size(2) == 0) throw std::invalid_argument("empty point cloud");
    torch::Tensor f = std::get<0>(torch::max(mlp_->forward(points), 2));
    return head_(f);
  }

  torch::nn::Sequential mlp_{nullptr};
  torch::nn::Linear head_{nullptr};
};
TORCH_MODULE(PointEncoder);

int main() {
  PointEncoder enc(3, 256);
  torch::optim::Adam opt(enc->parameters());
  auto loss = torch::cross_entropy_loss(enc(torch::randn({4, 3, 512})), torch::randint(0, 40, {4}));
  loss.backward();
  opt.step();
}
