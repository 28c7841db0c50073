// Seed example (defective): a small MLP that keeps its layers in a
// std::vector so that forward() can loop over them.
//
// fc1/fc2 are registered in reset(), as Cloneable requires, but the vector is
// filled in the constructor, after reset(). Cloneable::clone() copy-constructs
// the module (the copy's cells_ still holds the ORIGINAL fc1/fc2), clears the
// children, calls reset() to build fresh fc1/fc2 and copies the weights into
// them. The copy's forward() then runs the original's layers: every replica
// made by clone()/replicate()/data_parallel() shares, and trains, the original
// weights, while its own registered parameters never receive gradients.
#include <torch/torch.h>

#include <vector>

struct AliasedImpl : torch::nn::Cloneable<AliasedImpl> {
  AliasedImpl(int64_t in_features, int64_t hidden, int64_t out_features)
      : in_features_(in_features), hidden_(hidden), out_features_(out_features) {
    reset();
    cells_ = {fc1, fc2};
  }

  void reset() override {
    fc1 = register_module("fc1", torch::nn::Linear(in_features_, hidden_));
    fc2 = register_module("fc2", torch::nn::Linear(hidden_, out_features_));
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
  std::vector<torch::nn::Linear> cells_;  // DEFECT(nn-container-alias): filled in the constructor after reset(), so clone() copies share the original fc1/fc2
};
TORCH_MODULE(Aliased);

// Multi-GPU evaluation helper: runs one replica per device.
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
