// Seed example (correct): the same MLP as defective/aliased_container_alias.cpp.
//
// The fix is to (re)build the plain std::vector inside reset(), right after the
// layers it refers to are registered. Cloneable::clone() calls reset() on the
// copy, so the copy's cells_ is overwritten with the copy's own fc1/fc2.
// A second variant, SequentialMlp, avoids the plain container altogether and
// uses torch::nn::ModuleList, which clone() deep-copies.
#include <torch/torch.h>

#include <vector>

struct AliasedImpl : torch::nn::Cloneable<AliasedImpl> {
  AliasedImpl(int64_t in_features, int64_t hidden, int64_t out_features)
      : in_features_(in_features), hidden_(hidden), out_features_(out_features) {
    reset();
  }

  void reset() override {
    fc1 = register_module("fc1", torch::nn::Linear(in_features_, hidden_));
    fc2 = register_module("fc2", torch::nn::Linear(hidden_, out_features_));
    cells_ = {fc1, fc2};  // rebuilt on every reset(), so clones get their own layers
  }

  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < cells_.size(); ++i) {
      x = cells_[i]->forward(x);
      if (i + 1 < cells_.size()) {
        x = torch::relu(x);
      }
    }
    return x;
  }

  int64_t in_features_, hidden_, out_features_;
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  std::vector<torch::nn::Linear> cells_;
};
TORCH_MODULE(Aliased);

struct SequentialMlpImpl : torch::nn::Cloneable<SequentialMlpImpl> {
  explicit SequentialMlpImpl(std::vector<int64_t> widths) : widths_(std::move(widths)) { reset(); }

  void reset() override {
    layers_ = register_module("layers", torch::nn::ModuleList());
    for (size_t i = 0; i + 1 < widths_.size(); ++i) {
      layers_->push_back(torch::nn::Linear(widths_[i], widths_[i + 1]));
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < layers_->size(); ++i) {
      x = layers_[i]->as<torch::nn::Linear>()->forward(x);
      if (i + 1 < layers_->size()) {
        x = torch::relu(x);
      }
    }
    return x;
  }

  std::vector<int64_t> widths_;
  torch::nn::ModuleList layers_{nullptr};
};
TORCH_MODULE(SequentialMlp);

std::vector<torch::Tensor> evaluate_on_devices(const Aliased& model,
                                               const std::vector<torch::Device>& devices,
                                               const torch::Tensor& batch) {
  std::vector<torch::Tensor> outputs;
  for (const auto& device : devices) {
    auto replica = std::dynamic_pointer_cast<AliasedImpl>(model->clone(device));
    outputs.push_back(replica->forward(batch.to(device)));
  }
  return outputs;
}
