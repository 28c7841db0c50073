#include "model.h"

TwoImpl::TwoImpl() {
  a = register_module("a", torch::nn::Linear(4, 4));
  b = torch::nn::Linear(4, 4);
}
