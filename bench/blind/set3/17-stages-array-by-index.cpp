// TAGS: reset-accumulates, std-array-indexed-in-reset
#include <torch/torch.h>
#include <array>

struct UNetEncoderImpl : torch::nn::Cloneable<UNetEncoderImpl> {
  UNetEncoderImpl() { reset(); }

  void reset() override {
    const std::array<int64_t, 4> widths{1, 8, 16, 32};
    for (size_t i = 0; i < stages_.size(); ++i)
      stages_[i] = register_module(
          "down" + std::to_string(i),
          torch::nn::Conv2d(torch::nn::Conv2dOptions(widths[i], widths[i + 1], 3).padding(1)));
  }

  std::vector<torch::Tensor> forward(torch::Tensor x) {
    std::vector<torch::Tensor> skips;
    for (auto &stage : stages_) {
      x = torch::relu(stage(x));
      skips.push_back(x);
      x = torch::max_pool2d(x, 2);
    }
    return skips;
  }

  std::array<torch::nn::Conv2d, 3> stages_{torch::nn::Conv2d(nullptr), torch::nn::Conv2d(nullptr),
                                           torch::nn::Conv2d(nullptr)};
};
TORCH_MODULE(UNetEncoder);

int main() {
  UNetEncoder enc;
  auto copy = std::dynamic_pointer_cast<UNetEncoderImpl>(enc->clone());
  auto skips = copy->forward(torch::randn({1, 1, 32, 32}));
  skips.back().mean().backward();
}
