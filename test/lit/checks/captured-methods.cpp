// A callable stored in a member runs the own methods it names when the member
// is called: a lambda that calls a method, std::bind of a method, a method's
// address. nn-unused-parameter reads those methods' uses as the member's.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <functional>

namespace nn = torch::nn;

// std::bind of an own method, called from forward() through the member.
struct BoundImpl : nn::Module {
  BoundImpl() {
    fc = register_module("fc", nn::Linear(4, 4));
    head = register_module("head", nn::Linear(4, 4));
    act_ = std::bind(&BoundImpl::branch, this, std::placeholders::_1);
  }
  torch::Tensor forward(torch::Tensor x) { return act_(fc(x)); }
  std::function<torch::Tensor(torch::Tensor)> act_;
  nn::Linear fc{nullptr}, head{nullptr};

 private:
  torch::Tensor branch(torch::Tensor x) { return head(x); }
};

// A lambda that calls an own method.
struct LambdaCallImpl : nn::Module {
  LambdaCallImpl() {
    fc = register_module("fc", nn::Linear(4, 4));
    head = register_module("head", nn::Linear(4, 4));
    act_ = [this](torch::Tensor x) { return branch(x); };
  }
  torch::Tensor forward(torch::Tensor x) { return act_(fc(x)); }
  std::function<torch::Tensor(torch::Tensor)> act_;
  nn::Linear fc{nullptr}, head{nullptr};

 private:
  torch::Tensor branch(torch::Tensor x) { return head(x); }
};

// The callable is stored but forward() never calls it: head gets no gradient.
struct NeverCalledImpl : nn::Module {
  NeverCalledImpl() {
    fc = register_module("fc", nn::Linear(4, 4));
    head = register_module("head", nn::Linear(4, 4));
    // CHECK: captured-methods.cpp:[[@LINE-1]]:12: warning: submodule 'head' is registered but never reached from forward(){{.*}} [nn-unused-parameter]
    // CHECK: captured-methods.cpp:[[@LINE+8]]:17: note: used in branch() only, which is not called from forward()
    act_ = [this](torch::Tensor x) { return branch(x); };
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  std::function<torch::Tensor(torch::Tensor)> act_;
  nn::Linear fc{nullptr}, head{nullptr};

 private:
  torch::Tensor branch(torch::Tensor x) { return head(x); }
};
