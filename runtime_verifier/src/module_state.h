// Small helpers over a module's state, shared by check_module and check_ranks.
#pragma once

#include <ATen/CPUGeneratorImpl.h>
#include <torch/nn/module.h>
#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace nnlint::verify::detail {

// Trainable parameters (requires_grad), in registration order.
inline std::vector<std::pair<std::string, torch::Tensor>> trainable(const torch::nn::Module& m) {
  std::vector<std::pair<std::string, torch::Tensor>> out;
  for (const auto& p : m.named_parameters())
    if (p.value().requires_grad()) out.emplace_back(p.key(), p.value());
  return out;
}

// Puts a module's buffers back to their values at construction when it goes out of scope.
class BufferRestore {
 public:
  explicit BufferRestore(torch::nn::Module& m) : buffers_(m.buffers()) {
    for (const torch::Tensor& b : buffers_) saved_.push_back(b.defined() ? b.clone() : b);
  }
  ~BufferRestore() {
    torch::NoGradGuard no_grad;
    for (size_t i = 0; i < buffers_.size(); ++i)
      if (buffers_[i].defined()) buffers_[i].copy_(saved_[i]);
  }

 private:
  std::vector<torch::Tensor> buffers_, saved_;
};

// The loss when the user gives none: every floating-point output projected on a fixed random
// direction, <output, R>, summed. A plain sum is degenerate: the sum of a normalised or softmax
// output is constant, so its gradient is rounding noise. R has the output's shape without the
// batch dimension and comes from a fixed seed, so shards, replicas and ranks all use the same R,
// and the per-shard losses add up to the whole batch's.
inline torch::Tensor default_loss(const std::vector<torch::Tensor>& outputs) {
  torch::Tensor loss;
  for (const torch::Tensor& o : outputs) {
    if (!o.defined() || !o.is_floating_point()) continue;
    std::vector<int64_t> shape = o.sizes().vec();
    if (!shape.empty()) shape[0] = 1;
    torch::Tensor direction;
    {
      torch::NoGradGuard no_grad;
      direction = torch::randn(shape, at::detail::createCPUGenerator(0x6e6e6c696e74), torch::kDouble)
                      .to(o.device(), o.scalar_type());
    }
    torch::Tensor term = (o * direction).sum();
    loss = loss.defined() ? loss + term.to(loss.device()) : term;
  }
  TORCH_CHECK(loss.defined(), "forward() returned no floating-point output to take the default loss of");
  return loss;
}

}  // namespace nnlint::verify::detail
