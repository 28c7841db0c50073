// TAGS: nn-unregistered-submodule, std-function-capture
#include <torch/torch.h>
#include <functional>
#include <string>

// An MLP whose activation is chosen by name and stored as a std::function.
// The learnable PReLU is created in the constructor and lives only inside the
// closure.
struct MLPImpl : torch::nn::Module {
  MLPImpl(int64_t in, int64_t hidden, int64_t out, const std::string &activation) {
    layers = register_module("layers", torch::nn::ModuleList());
    layers->push_back(torch::nn::Linear(in, hidden));
    layers->push_back(torch::nn::Linear(hidden, out));
    if (activation == "prelu") {
      torch::nn::PReLU prelu(torch::nn::PReLUOptions().num_parameters(hidden));
      act_ = [prelu](torch::Tensor x) mutable { return prelu(x); };
    } else {
      act_ = [](torch::Tensor x) { return torch::relu(x); };
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    x = act_(layers->at<torch::nn::LinearImpl>(0).forward(x));
    return layers->at<torch::nn::LinearImpl>(1).forward(x);
  }

  torch::nn::ModuleList layers{nullptr};
  std::function<torch::Tensor(torch::Tensor)> act_;  // EXPECT: nn-unregistered-submodule
};
TORCH_MODULE(MLP);

int main() {
  MLP net(4, 16, 1, "prelu");
  net->to(torch::kDouble);
  auto y = net(torch::randn({3, 4}, torch::kDouble));
  return y.size(0) == 3 ? 0 : 1;
}
