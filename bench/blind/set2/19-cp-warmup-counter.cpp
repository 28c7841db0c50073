// TAGS: nn-conditional-parameter, step-counter-member
#include <torch/torch.h>

// An adapter that joins in after a warm-up number of calls, counted by the
// module itself.
struct WarmAdapterNetImpl : torch::nn::Module {
  explicit WarmAdapterNetImpl(int64_t warmup) : warmup_(warmup) {
    base = register_module("base", torch::nn::Linear(16, 16));
    adapter = register_module("adapter", torch::nn::Linear(16, 16));  // EXPECT: nn-conditional-parameter
  }

  torch::Tensor forward(torch::Tensor x) {
    ++calls_;
    auto h = torch::relu(base(x));
    if (calls_ > warmup_) h = h + adapter(h);
    return h;
  }

  torch::nn::Linear base{nullptr}, adapter{nullptr};
  int64_t warmup_;
  int64_t calls_ = 0;
};
TORCH_MODULE(WarmAdapterNet);

int main() {
  WarmAdapterNet net(100);
  torch::optim::SGD opt(net->parameters(), 0.01);
  for (int step = 0; step < 3; ++step) {
    auto loss = net(torch::randn({4, 16})).pow(2).mean();
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
  return 0;
}
