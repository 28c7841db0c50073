// Registration through code the index walk does not visit by itself, but whose
// body is visible: a lambda's call operator (called, or passed to a function
// that calls it), a member function template as instantiated, an own method
// given the member.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule,nn-unregistered-tensor,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule,nn-unregistered-tensor,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <memory>
#include <string>

using torch::nn::Linear;
using torch::nn::LinearImpl;
using torch::nn::Module;

// Calls what it is given: the lambda's result is what it returns.
template <typename F>
Linear build(F make, const std::string &name) {
  return make(name);
}

// Lambdas in the constructor that register what they are given, return it,
// or register the member they are handed.
struct LambdaRegImpl : Module {
  LambdaRegImpl() {
    auto reg = [&](const std::string &n, Linear l) { return register_module(n, l); };
    fc1 = reg("fc1", Linear(4, 4));
    auto any = [&](const std::string &n, auto m) { return register_module(n, m); };
    fc2 = any("fc2", Linear(4, 4));
    impl = any("impl", std::make_shared<LinearImpl>(4, 4));
    auto into = [this](const std::string &n, Linear &slot) { slot = register_module(n, Linear(4, 4)); };
    into("fc3", fc3);
    auto fresh = [this](const std::string &n) { return register_module(n, Linear(4, 4)); };
    fc4 = build(fresh, "fc4");
    auto regp = [this](const std::string &n, torch::Tensor t) { return register_parameter(n, t); };
    w = regp("w", torch::randn({4}, torch::requires_grad()));
    auto regb = [this](const std::string &n, torch::Tensor t) { return register_buffer(n, t); };
    steps = regb("steps", torch::zeros({1}));
  }
  torch::Tensor forward(torch::Tensor x) { return impl->forward(fc4(fc3(fc2(fc1(x))))) * w; }
  Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr}, fc4{nullptr};
  std::shared_ptr<LinearImpl> impl;
  torch::Tensor w, steps;
};

// The same in reset(), for a Cloneable.
struct ResetRegImpl : torch::nn::Cloneable<ResetRegImpl> {
  ResetRegImpl() { reset(); }
  void reset() override {
    auto reg = [this](const std::string &n, Linear l) { return register_module(n, l); };
    fc = reg("fc", Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
};

// A lambda defined but never called registers nothing; one that hands its
// argument back registers nothing either.
struct LambdaLostImpl : Module {
  LambdaLostImpl() {
    auto reg = [this](const std::string &n, Linear l) { return register_module(n, l); };
    (void)reg;
    fc1 = Linear(4, 4);
    auto keep = [](Linear l) { return l; };
    fc2 = keep(Linear(4, 4));
    auto same = [](torch::Tensor t) { return t; };
    w = same(torch::randn({4}, torch::requires_grad()));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2(fc1(x)) * w; }
  Linear fc1{nullptr}, fc2{nullptr};
  // CHECK: registration-visible-callees.cpp:[[@LINE-1]]:10: warning: submodule 'fc1' (Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-9]]:5: note: assigned here, in the constructor
  // CHECK: [[@LINE-3]]:24: warning: submodule 'fc2' (Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-9]]:5: note: assigned here, in the constructor
  torch::Tensor w;
  // CHECK: [[@LINE-1]]:17: warning: tensor 'w' requires grad but is never registered with register_parameter(){{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-10]]:5: note: made to require grad here, in the constructor
};

// A member function template, analysed as instantiated: with a holder and
// with a std::shared_ptr made by make_shared. And an own method, not a template.
struct InstallImpl : Module {
  template <typename H, typename V>
  void install(const std::string &name, H &slot, V value) { slot = register_module(name, value); }
  void install_linear(const std::string &name, Linear &slot) { slot = register_module(name, slot); }
  InstallImpl() {
    install("fc", fc, Linear(4, 4));
    install("impl", impl, std::make_shared<LinearImpl>(4, 4));
    install_linear("head", head);
  }
  torch::Tensor forward(torch::Tensor x) { return head(impl->forward(fc(x))); }
  Linear fc = Linear(4, 4);
  std::shared_ptr<LinearImpl> impl = std::make_shared<LinearImpl>(4, 4);
  Linear head = Linear(4, 4);
};

// A template that stores what it is given without registering it.
struct KeepImpl : Module {
  template <typename H, typename V>
  void keep(H &slot, V value) { slot = value; }
  KeepImpl() { keep(fc, Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc = Linear(4, 4);
  // CHECK: [[@LINE-1]]:10: warning: submodule 'fc' (Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-2]]:10: note: assigned here, in a default member initializer
};
