// A lambda given to std::visit or std::invoke: the library calls it with the
// members given, and its call operator (each instantiation of a generic one)
// is summarised like a helper's body. What it does with its parameter is what
// the call does with the member.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-register-outside-reset,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note|error}}:" %}
// RUN: not %nnlint --checks=-*,nn-register-outside-reset,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note|error}}:"
#include <torch/torch.h>

#include <functional>
#include <variant>

using torch::nn::Conv1d;
using torch::nn::Linear;

// ---- Positives ------------------------------------------------------------

// The module a variant holds, registered in the constructor of a Cloneable.
struct VisitCtorImpl : torch::nn::Cloneable<VisitCtorImpl> {
  VisitCtorImpl() {
    std::visit([&](auto &m) { register_module("head", m); }, head_);
    // CHECK: std-visit-lambda.cpp:[[@LINE-1]]:5: warning: 'head_' is registered in the constructor instead of reset(){{.*}} [nn-register-outside-reset]
    // CHECK: [[@LINE+3]]:8: note: reset() is declared here; register in it
    reset();
  }
  void reset() override {}
  torch::Tensor forward(torch::Tensor x) {
    return std::visit([&](auto &m) { return m(x); }, head_);
  }
  std::variant<Linear, Conv1d> head_{Linear(4, 4)};
};

// A lambda kept in a local and called: one finding, at the call that names the member.
struct LocalLambdaImpl : torch::nn::Cloneable<LocalLambdaImpl> {
  LocalLambdaImpl() {
    auto reg = [&](Linear &m) { register_module("fc", m); };
    reg(fc);
    // CHECK: [[@LINE-1]]:5: warning: 'fc' is registered in the constructor instead of reset(){{.*}} [nn-register-outside-reset]
    // CHECK: [[@LINE+3]]:8: note: reset() is declared here; register in it
    reset();
  }
  void reset() override {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{4, 4};
};

// std::invoke with a lambda that registers another member, not the one given.
struct InvokeOtherImpl : torch::nn::Module {
  InvokeOtherImpl() {
    std::invoke([&](Linear &m) { m->reset_parameters(); register_module("aux", aux); }, fc);
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x) + aux(x); }
  Linear fc{4, 4};
  // CHECK: [[@LINE-1]]:10: warning: submodule 'fc' (Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-2]]:10: note: assigned here, in a default member initializer
  Linear aux{4, 4};
};

// ---- Negatives ------------------------------------------------------------

// Registered in reset() through std::visit.
struct VisitResetImpl : torch::nn::Cloneable<VisitResetImpl> {
  VisitResetImpl() { reset(); }
  void reset() override {
    head_ = Linear(4, 4);
    std::visit([&](auto &m) { register_module("head", m); }, head_);
  }
  torch::Tensor forward(torch::Tensor x) {
    return std::visit([&](auto &m) { return m(x); }, head_);
  }
  std::variant<Linear, Conv1d> head_{Linear{nullptr}};
};

// Registered through std::invoke in a plain module's constructor.
struct InvokeImpl : torch::nn::Module {
  InvokeImpl() { std::invoke([&](Linear &m) { register_module("fc", m); }, fc); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{4, 4};
};

// A callable that is not a lambda may do anything with the member: silence.
struct Registrar {
  torch::nn::Module *owner;
  void operator()(Linear &m) const { owner->register_module("fc", m); }
};
struct FunctorImpl : torch::nn::Module {
  FunctorImpl() { std::invoke(Registrar{this}, fc); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{4, 4};
};
