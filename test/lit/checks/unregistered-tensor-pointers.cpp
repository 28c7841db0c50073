// nn-unregistered-tensor: a tensor member registered through a pointer to it
// kept in a container of (name, pointer) pairs, or through a pointer handed to
// a helper, is registered; one that nothing registers is reported.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-tensor %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-tensor %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
#include <vector>
#include <string>
namespace nn = torch::nn;
// Registered in a loop over (name, pointer) pairs.
struct B1Impl : nn::Module {
  B1Impl() {
    w_ = torch::randn({4}, torch::requires_grad());
    b_ = torch::zeros({4}, torch::requires_grad());
    for (torch::Tensor* p : {&w_, &b_}) names_.push_back("p");
    std::vector<std::pair<std::string, torch::Tensor*>> slots = {{"w", &w_}, {"b", &b_}};
    for (auto& s : slots) *s.second = register_parameter(s.first, *s.second);
  }
  torch::Tensor forward(torch::Tensor x) { return x * w_ + b_; }
  torch::Tensor w_, b_;
  std::vector<std::string> names_;
};
// Registered by a helper through a pointer.
void reg(nn::Module& m, torch::Tensor* t, const std::string& n) { *t = m.register_parameter(n, *t); }
struct B2Impl : nn::Module {
  B2Impl() {
    w_ = torch::randn({4}, torch::requires_grad());
    reg(*this, &w_, "w");
  }
  torch::Tensor forward(torch::Tensor x) { return x * w_; }
  torch::Tensor w_;
};
// Registered through a local pointer.
struct B3Impl : nn::Module {
  B3Impl() {
    w_ = torch::randn({4}, torch::requires_grad());
    torch::Tensor* p = &w_;
    register_parameter("w", *p);
  }
  torch::Tensor forward(torch::Tensor x) { return x * w_; }
  torch::Tensor w_;
};

// Learnable, and registered nowhere.
struct LostImpl : nn::Module {
  LostImpl() {
    w_ = torch::randn({4}, torch::requires_grad());
    torch::Tensor *p = &w_;
    p->mul_(2);
  }
  torch::Tensor forward(torch::Tensor x) { return x * w_; }
  torch::Tensor w_;
  // CHECK: unregistered-tensor-pointers.cpp:[[@LINE-1]]:17: warning: tensor 'w_' requires grad but is never registered with register_parameter(){{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-7]]:5: note: made to require grad here, in the constructor
};
