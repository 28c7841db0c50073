// How much state an optimizer keeps for the parameters on one device once it has stepped:
// Adam keeps two tensors the size of each parameter, SGD with momentum one, and so on.
#pragma once

#include <torch/types.h>

#include <cstdint>
#include <string>

namespace torch::optim {
class Optimizer;
}

namespace nnlint::verify::detail {

struct OptimizerState {
  std::string kind;            // "Adam", "AdamW", "SGD", "RMSprop", "Adagrad", or "" when unknown
  int64_t bytes = 0;           // state for the parameters on the device, stepped or not
  bool allocated = false;      // the optimizer has stepped: the state already exists
};

// By the optimizer's class and options; an unknown class gives kind "" and 0 bytes.
OptimizerState optimizer_state(const torch::optim::Optimizer& optimizer, const torch::Device& device);

}  // namespace nnlint::verify::detail
