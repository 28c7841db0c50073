// TAGS: unregistered-submodule, init-list-members
#include <torch/torch.h>

struct GeneratorImpl : torch::nn::Module {
  explicit GeneratorImpl(int64_t noise)
      : conv1(torch::nn::ConvTranspose2dOptions(noise, 256, 4).bias(false)),
        conv2(torch::nn::ConvTranspose2dOptions(256, 128, 3).stride(2).padding(1).bias(false)),
        conv3(torch::nn::ConvTranspose2dOptions(128, 64, 4).stride(2).padding(1).bias(false)),
        conv4(torch::nn::ConvTranspose2dOptions(64, 1, 4).stride(2).padding(1).bias(false)),
        bn1(256),
        bn2(128),
        bn3(64) {
    register_module("conv1", conv1);
    register_module("conv2", conv2);
    register_module("conv3", conv3);
    register_module("conv4", conv4);
    register_module("batch_norm1", bn1);
    register_module("batch_norm2", bn2);
  }

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn1(conv1(x)));
    x = torch::relu(bn2(conv2(x)));
    x = torch::relu(bn3(conv3(x)));
    return torch::tanh(conv4(x));
  }

  torch::nn::ConvTranspose2d conv1, conv2, conv3, conv4;
  torch::nn::BatchNorm2d bn1, bn2;
  torch::nn::BatchNorm2d bn3;  // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(Generator);

int main() {
  Generator g(100);
  torch::optim::Adam opt(g->parameters(), torch::optim::AdamOptions(2e-4));
  auto img = g(torch::randn({8, 100, 1, 1}));
  img.mean().backward();
  opt.step();
}
