// TAGS: reset-accumulates, builder-method-called-by-reset
#include <torch/torch.h>
#include <string>
#include <vector>

class DownsamplerImpl : public torch::nn::Cloneable<DownsamplerImpl> {
 public:
  DownsamplerImpl() { reset(); }

  void reset() override {
    add_stage(0, 3, 16);
    add_stage(1, 16, 32);
    add_stage(2, 32, 64);
  }

  torch::Tensor forward(torch::Tensor x) {
    for (auto &stage : stages_) x = torch::relu(stage(x));
    return x.mean({2, 3});
  }

 private:
  void add_stage(int index, int64_t in, int64_t out) {
    auto conv = register_module("stage" + std::to_string(index),
                                torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(2).padding(1)));
    stages_.push_back(conv);  // EXPECT: nn-reset-accumulates
  }

  std::vector<torch::nn::Conv2d> stages_;
};
TORCH_MODULE(Downsampler);

int main() {
  Downsampler net;
  auto replica = std::dynamic_pointer_cast<DownsamplerImpl>(net->clone());
  replica->forward(torch::randn({2, 3, 32, 32})).sum().backward();
}
