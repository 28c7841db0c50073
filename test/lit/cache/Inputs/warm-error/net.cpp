#include "net.h"

struct NetImpl : torch::nn::Module {
  NetImpl() {
    body = register_module("body", torch::nn::Linear(width(), 4));
    head = torch::nn::Linear(4, 2);
  }
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear body{nullptr}, head{nullptr};
};

// Being typed: Clang drops the statement with the error and recovers the rest.
torch::Tensor NetImpl::forward(torch::Tensor x) {
  auto h = head(body(x));
  h = h.relu() +;
  return h;
}
