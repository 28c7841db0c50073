#include "own.h"
#include <vector>
#include "net.h"

NetImpl::NetImpl() {
  Options options;
  body = register_module("body", torch::nn::Linear(3, options.width));
  head = torch::nn::Linear(options.width, 2);
}

torch::Tensor NetImpl::forward(torch::Tensor x) { return head(body(x)); }
