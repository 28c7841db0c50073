// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// Conditions that are constants are folded (Clang evaluates them): a use
// under a constant false condition never runs, a use under a constant true
// one is unconditional. The same mechanism under several spellings.
#include <torch/torch.h>

constexpr int kDepth = 1;
const bool kDebugHead = false;
constexpr bool kWithBias = true;

struct FoldedImpl : torch::nn::Module {
  static constexpr bool kUseAux = false;
  FoldedImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    aux = register_module("aux", torch::nn::Linear(8, 8));
    // CHECK-DAG: constant-conditions.cpp:[[@LINE-1]]:11: warning: submodule 'aux' is used in forward() but gets no gradient: every use is under the condition 'kUseAux', which is a compile-time constant that never lets it run; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    proj = register_module("proj", torch::nn::Linear(8, 8));
    // CHECK-DAG: constant-conditions.cpp:[[@LINE-1]]:12: warning: submodule 'proj' is used in forward() but gets no gradient: every use is under the condition 'use_proj', which is a compile-time constant that never lets it run; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    deep = register_module("deep", torch::nn::Linear(8, 8));
    // CHECK-DAG: constant-conditions.cpp:[[@LINE-1]]:12: warning: submodule 'deep' is used in forward() but gets no gradient: every use is under the condition 'kDepth > 1', which is a compile-time constant that never lets it run; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    debug = register_module("debug", torch::nn::Linear(8, 8));
    // CHECK-DAG: constant-conditions.cpp:[[@LINE-1]]:13: warning: submodule 'debug' is used in forward() but gets no gradient: every use is under the condition 'kDebugHead', which is a compile-time constant that never lets it run; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    extra = register_module("extra", torch::nn::Linear(8, 8));
    // CHECK-DAG: constant-conditions.cpp:[[@LINE-1]]:13: warning: submodule 'extra' is used in forward() but gets no gradient: every use is under the condition 'kDebugHead && is_training()', which is a compile-time constant that never lets it run; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK-DAG: constant-conditions.cpp:{{[0-9]+}}:{{[0-9]+}}: note: never runs: 'kUseAux' is a compile-time constant
    // CHECK-DAG: constant-conditions.cpp:{{[0-9]+}}:{{[0-9]+}}: note: never runs: 'use_proj' is a compile-time constant
    // CHECK-DAG: constant-conditions.cpp:{{[0-9]+}}:{{[0-9]+}}: note: never runs: 'kDepth > 1' is a compile-time constant
    // CHECK-DAG: constant-conditions.cpp:{{[0-9]+}}:{{[0-9]+}}: note: never runs: 'kDebugHead' is a compile-time constant
    // CHECK-DAG: constant-conditions.cpp:{{[0-9]+}}:{{[0-9]+}}: note: never runs: 'kDebugHead && is_training()' is a compile-time constant
    bias_head = register_module("bias_head", torch::nn::Linear(8, 8));
    gate = register_parameter("gate", torch::ones({8}));
    // CHECK-DAG: constant-conditions.cpp:[[@LINE-1]]:12: warning: parameter 'gate' is reached from forward() only when 'x.size(0) > 1'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK-DAG: constant-conditions.cpp:{{[0-9]+}}:{{[0-9]+}}: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(body(x));
    if constexpr (kUseAux) {
      h = h + aux(h);
    }
    const bool use_proj = false;
    if (use_proj) h = proj(h);
    if (kDepth > 1) h = deep(h);
    h = kDebugHead ? debug(h) : h;
    if (kDebugHead && is_training()) h = h + extra(h);
    // Constant true: unconditional, and it drops out of a combined condition.
    if (kWithBias) h = h + bias_head(h);
    if (kWithBias && x.size(0) > 1) h = h * gate;
    return h;
  }
  torch::nn::Linear body{nullptr}, aux{nullptr}, proj{nullptr}, deep{nullptr}, debug{nullptr}, extra{nullptr},
      bias_head{nullptr};
  torch::Tensor gate;
};

// Not constant: a member flag and a non-const local may change; these stay
// as they were (a configuration note, nothing for a plain local).
struct NotFoldedImpl : torch::nn::Module {
  explicit NotFoldedImpl(bool aux) : use_aux(aux) {
    body = register_module("body", torch::nn::Linear(8, 8));
    head = register_module("head", torch::nn::Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) {
    bool twice = true;
    torch::Tensor h = body(x);
    if (twice) h = body(h);
    if (kDepth >= 1) h = head(h);
    return h;
  }
  bool use_aux;
  torch::nn::Linear body{nullptr}, head{nullptr};
};
