#include "net.h"
#include <vector>

NetImpl::NetImpl() {
  body = register_module("body", torch::nn::Linear(3, 4));
  head = torch::nn::Linear(4, 2);
}

torch::Tensor NetImpl::forward(torch::Tensor x) { return head(body(x)); }
