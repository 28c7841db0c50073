// TAGS: load-without-device, input-archive-two-step
#include <torch/torch.h>
#include <cstdlib>
#include <string>

struct NetImpl : torch::nn::Module {
  explicit NetImpl(int64_t in) {
    fc1_ = register_module("fc1", torch::nn::Linear(in, 128));
    fc2_ = register_module("fc2", torch::nn::Linear(128, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2_(torch::relu(fc1_(x))); }
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
};
TORCH_MODULE(Net);

void run_rank(int rank, const std::string &checkpoint) {
  torch::Device device(torch::kCUDA, static_cast<c10::DeviceIndex>(rank));
  Net net(32);
  net->to(device);

  torch::serialize::InputArchive archive;
  archive.load_from(checkpoint);
  net->load(archive);  // EXPECT: nn-load-without-device

  torch::optim::SGD opt(net->parameters(), 0.01);
  auto x = torch::randn({64, 32}, device);
  auto loss = net->forward(x).pow(2).mean();
  opt.zero_grad();
  loss.backward();
  opt.step();
}

int main() {
  const char *rank = std::getenv("RANK");
  run_rank(rank ? std::atoi(rank) : 0, "pretrained.pt");
}
