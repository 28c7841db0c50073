// TAGS: nn-container-alias, map-container
#include <torch/torch.h>
#include <map>
#include <string>

// Layers registered in reset(); a name index over them is built once in the
// constructor.
struct RouterImpl : torch::nn::Cloneable<RouterImpl> {
  RouterImpl() {
    reset();
    by_name_.insert_or_assign("text", text_);
    by_name_.insert_or_assign("image", image_);
  }
  void reset() override {
    text_ = register_module("text", torch::nn::Linear(16, 8));
    image_ = register_module("image", torch::nn::Linear(16, 8));
  }
  torch::Tensor forward(torch::Tensor x, const std::string &kind) { return by_name_.at(kind)(x); }
  torch::nn::Linear text_{nullptr}, image_{nullptr};
  std::map<std::string, torch::nn::Linear> by_name_; // EXPECT: nn-container-alias
};
TORCH_MODULE(Router);
