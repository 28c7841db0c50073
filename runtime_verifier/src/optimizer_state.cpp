#include "optimizer_state.h"

#include <torch/optim.h>

namespace nnlint::verify::detail {
namespace {

// Tensors of state per parameter element, by the optimizer's class and its group's options.
int copies(const torch::optim::Optimizer& o, const torch::optim::OptimizerOptions* options, std::string& kind) {
  using namespace torch::optim;
  if (dynamic_cast<const AdamW*>(&o)) {
    kind = "AdamW";
    auto* a = dynamic_cast<const AdamWOptions*>(options);
    return a && a->amsgrad() ? 3 : 2;
  }
  if (dynamic_cast<const Adam*>(&o)) {
    kind = "Adam";
    auto* a = dynamic_cast<const AdamOptions*>(options);
    return a && a->amsgrad() ? 3 : 2;
  }
  if (dynamic_cast<const SGD*>(&o)) {
    kind = "SGD";
    auto* s = dynamic_cast<const SGDOptions*>(options);
    return s && s->momentum() != 0 ? 1 : 0;
  }
  if (dynamic_cast<const RMSprop*>(&o)) {
    kind = "RMSprop";
    auto* r = dynamic_cast<const RMSpropOptions*>(options);
    return 1 + (r && r->momentum() != 0 ? 1 : 0) + (r && r->centered() ? 1 : 0);
  }
  if (dynamic_cast<const Adagrad*>(&o)) {
    kind = "Adagrad";
    return 1;
  }
  return 0;
}

}  // namespace

OptimizerState optimizer_state(const torch::optim::Optimizer& optimizer, const torch::Device& device) {
  OptimizerState out;
  out.allocated = !optimizer.state().empty();
  for (const auto& group : optimizer.param_groups()) {
    const int n = copies(optimizer, group.has_options() ? &group.options() : nullptr, out.kind);
    for (const torch::Tensor& p : group.params())
      if (p.defined() && p.device() == device) out.bytes += n * static_cast<int64_t>(p.nbytes());
  }
  return out;
}

}  // namespace nnlint::verify::detail
