// TAGS: nn-container-alias, helper-method
#include <torch/torch.h>
#include <vector>

// The list of cells is rebuilt by a helper that reset() calls last.
struct CellStackImpl : torch::nn::Cloneable<CellStackImpl> {
  CellStackImpl() { reset(); }
  void reset() override {
    a_ = register_module("a", torch::nn::Linear(8, 8));
    b_ = register_module("b", torch::nn::Linear(8, 8));
    index_cells();
  }
  void index_cells() {
    cells_.clear();
    cells_.push_back(a_);
    cells_.push_back(b_);
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &c : cells_) x = torch::tanh(c(x));
    return x;
  }
  torch::nn::Linear a_{nullptr}, b_{nullptr};
  std::vector<torch::nn::Linear> cells_;
};
TORCH_MODULE(CellStack);
