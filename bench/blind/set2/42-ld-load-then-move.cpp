// TAGS: nn-load-without-device, load-before-move
#include <torch/torch.h>
#include <string>

struct ValueNetImpl : torch::nn::Module {
  ValueNetImpl() {
    body = register_module("body", torch::nn::Linear(32, 32));
    value = register_module("value", torch::nn::Linear(32, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return value(torch::relu(body(x))); }
  torch::nn::Linear body{nullptr}, value{nullptr};
};
TORCH_MODULE(ValueNet);

// The checkpoint is read into a fresh model first, then the model is moved to
// the rank's GPU.
ValueNet load_for_rank(const std::string &path, int rank) {
  ValueNet net;
  torch::load(net, path);
  net->to(torch::Device(torch::kCUDA, rank));
  net->eval();
  return net;
}

int main(int argc, char **argv) {
  if (!torch::cuda::is_available() || argc < 2) return 0;
  auto net = load_for_rank(argv[1], 0);
  return net->parameters().front().is_cuda() ? 0 : 1;
}
