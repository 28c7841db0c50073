#include "a.h"

AImpl::AImpl() {
  block = register_module("block", Block());
  head = torch::nn::Linear(4, 2);
}
torch::Tensor AImpl::forward(torch::Tensor x) { return head(block(x)); }
