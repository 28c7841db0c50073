// TAGS: unregistered-submodule, builder-class
#include <torch/torch.h>
#include <vector>

class MlpBuilder {
 public:
  explicit MlpBuilder(int64_t in) : width_(in) {}
  MlpBuilder &dense(int64_t out) {
    net_->push_back(torch::nn::Linear(width_, out));
    width_ = out;
    return *this;
  }
  MlpBuilder &relu() {
    net_->push_back(torch::nn::ReLU());
    return *this;
  }
  MlpBuilder &dropout(double p) {
    net_->push_back(torch::nn::Dropout(p));
    return *this;
  }
  torch::nn::Sequential build() const { return net_; }

 private:
  int64_t width_;
  torch::nn::Sequential net_;
};

struct ValueNetImpl : torch::nn::Module {
  explicit ValueNetImpl(int64_t obs) {
    net_ = register_module("net", MlpBuilder(obs).dense(128).relu().dropout(0.1).dense(64).relu().dense(1).build());
  }
  torch::Tensor forward(torch::Tensor x) { return net_->forward(x); }
  torch::nn::Sequential net_{nullptr};
};
TORCH_MODULE(ValueNet);

int main() {
  ValueNet v(12);
  torch::optim::RMSprop opt(v->parameters(), torch::optim::RMSpropOptions(1e-3));
  auto loss = torch::smooth_l1_loss(v(torch::randn({32, 12})), torch::randn({32, 1}));
  loss.backward();
  opt.step();
}
