// TAGS: nn-unregistered-submodule, register-via-children-lookup
#include <torch/torch.h>

// A detection head keeps its layers in a Sequential that is not registered
// itself; each layer is registered on the head right after it is appended, by
// taking the last descendant of the Sequential.
struct SeparateHeadImpl : torch::nn::Module {
  SeparateHeadImpl(int64_t channels, int64_t outputs, int num_conv) {
    for (int k = 0; k < num_conv - 1; ++k) {
      net->push_back(torch::nn::Conv2d(
          torch::nn::Conv2dOptions(channels, channels, 3).padding(1).bias(false)));
      register_module("conv_" + std::to_string(k), net->modules(false).back());
      net->push_back(torch::nn::BatchNorm2d(channels));
      register_module("bn_" + std::to_string(k), net->modules(false).back());
    }
    net->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, outputs, 1)));
    register_module("out", net->modules(false).back());
  }

  torch::Tensor forward(torch::Tensor x) { return net->forward(x); }

  torch::nn::Sequential net;
};
TORCH_MODULE(SeparateHead);

int main() {
  SeparateHead head(8, 3, 3);
  auto y = head(torch::randn({1, 8, 4, 4}));
  return head->parameters().size() == 6 + 2 && y.size(1) == 3 ? 0 : 1;
}
