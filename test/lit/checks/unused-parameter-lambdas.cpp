// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A lambda (or std::function) kept in a local and only called: what it
// computes reaches only the results of its calls.
#include <torch/torch.h>
#include <functional>

struct LambdaHeadsImpl : torch::nn::Module {
  LambdaHeadsImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    proj = register_module("proj", torch::nn::Linear(8, 8));
    // CHECK-DAG: unused-parameter-lambdas.cpp:[[@LINE-1]]:12: warning: submodule 'proj' is used in forward() but gets no gradient: its result is never used; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    head = register_module("head", torch::nn::Linear(8, 8));
    // CHECK-DAG: unused-parameter-lambdas.cpp:[[@LINE-1]]:12: warning: submodule 'head' is used in forward() but gets no gradient: its result is never used; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    aux = register_module("aux", torch::nn::Linear(8, 8));
    // CHECK-DAG: unused-parameter-lambdas.cpp:[[@LINE-1]]:11: warning: submodule 'aux' is used in forward() but gets no gradient: its result is never used; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK-DAG: unused-parameter-lambdas.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result discarded here
    // CHECK-DAG: unused-parameter-lambdas.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result discarded here
    // CHECK-DAG: unused-parameter-lambdas.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result discarded here
  }
  torch::Tensor forward(torch::Tensor x) {
    auto block = [&](torch::Tensor h) { return proj(h); };
    block(x);  // result dropped
    std::function<torch::Tensor(torch::Tensor)> head_fn = [this](torch::Tensor h) { return head(h); };  // never called
    [&] { return aux(x); }();
    return body(x);
  }
  torch::nn::Linear body{nullptr}, proj{nullptr}, head{nullptr}, aux{nullptr};
};

// Not reported: a lambda whose result is returned, one handed to code nnlint
// does not follow, and one that writes a local of forward().
void run_later(std::function<torch::Tensor(torch::Tensor)> f);

struct LambdaUsedImpl : torch::nn::Module {
  LambdaUsedImpl() {
    mix = register_module("mix", torch::nn::Linear(8, 8));
    later = register_module("later", torch::nn::Linear(8, 8));
    extra = register_module("extra", torch::nn::Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto f = [&](torch::Tensor h) { return mix(h); };
    run_later([this](torch::Tensor h) { return later(h); });
    torch::Tensor acc = x;
    auto add = [&](torch::Tensor h) { acc = acc + extra(h); };
    add(x);
    return f(acc);
  }
  torch::nn::Linear mix{nullptr}, later{nullptr}, extra{nullptr};
};
