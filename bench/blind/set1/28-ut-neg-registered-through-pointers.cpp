// TAGS: nn-unregistered-tensor, alias-through-pointer
#include <torch/torch.h>
#include <string>
#include <utility>
#include <vector>

// Affine parameters created with requires_grad, then registered in a loop over
// pointers to the members.
struct AffineImpl : torch::nn::Module {
  explicit AffineImpl(int64_t dim) {
    gain_ = torch::ones({dim}, torch::requires_grad());
    shift_ = torch::zeros({dim}, torch::requires_grad());
    std::vector<std::pair<std::string, torch::Tensor *>> params{{"gain", &gain_}, {"shift", &shift_}};
    for (auto &entry : params) *entry.second = register_parameter(entry.first, *entry.second);
  }
  torch::Tensor forward(torch::Tensor x) { return x * gain_ + shift_; }
  torch::Tensor gain_, shift_;
};
TORCH_MODULE(Affine);
