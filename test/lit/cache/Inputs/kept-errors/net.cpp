#include "net.h"

NetImpl::NetImpl() {
  fc = register_module("fc", torch::nn::Linear(4, 4));
  head = torch::nn::Linear(4, 2);
}

torch::Tensor NetImpl::forward(torch::Tensor x) { return head(fc(x)) * undeclared_scale; }
