// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// Dead computation: a layer is called, but no gradient comes back through the call.
#include <torch/torch.h>

// A third layer computed, then the second layer's output returned.
struct ThreeLayerImpl : torch::nn::Module {
  ThreeLayerImpl() {
    fc1 = register_module("fc1", torch::nn::Linear(8, 8));
    fc2 = register_module("fc2", torch::nn::Linear(8, 8));
    fc3 = register_module("fc3", torch::nn::Linear(8, 8));
    // CHECK: dead-computation.cpp:[[@LINE-1]]:11: warning: submodule 'fc3' is used in forward() but gets no gradient: its result goes into 'y3', which is never read; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: dead-computation.cpp:[[@LINE+5]]:15: note: result discarded here
  }
  torch::Tensor forward(torch::Tensor x) {
    auto y1 = torch::relu(fc1(x));
    auto y2 = torch::relu(fc2(y1));
    auto y3 = fc3(y2);
    return y2;
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
};

// The projection is overwritten before anything reads it (flow-sensitive).
struct OverwriteImpl : torch::nn::Module {
  OverwriteImpl() {
    proj = register_module("proj", torch::nn::Linear(4, 4));
    // CHECK: dead-computation.cpp:[[@LINE-1]]:12: warning: submodule 'proj' is used in forward() but gets no gradient: its result in 'h' is overwritten before it is read; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: dead-computation.cpp:[[@LINE+5]]:9: note: result overwritten before use here
    head = register_module("head", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = x;
    h = proj->forward(x);
    h = x * 2;
    return head(h);
  }
  torch::nn::Linear proj{nullptr}, head{nullptr};
};

// A call as a statement, and a tensor parameter read into a discarded product.
struct StatementImpl : torch::nn::Module {
  StatementImpl() {
    body = register_module("body", torch::nn::Linear(4, 4));
    side = register_module("side", torch::nn::Linear(4, 4));
    // CHECK: dead-computation.cpp:[[@LINE-1]]:12: warning: submodule 'side' is used in forward() but gets no gradient: its result is never used; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: dead-computation.cpp:[[@LINE+6]]:5: note: result discarded here
    gain = register_parameter("gain", torch::ones({4}));
    // CHECK: dead-computation.cpp:[[@LINE-1]]:12: warning: parameter 'gain' is used in forward() but gets no gradient: its result goes into 'scaled', which is never read; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: dead-computation.cpp:[[@LINE+5]]:34: note: result discarded here
  }
  torch::Tensor forward(torch::Tensor x) {
    side(x);
    torch::Tensor out = body(x);
    torch::Tensor scaled = out * gain;
    return out;
  }
  torch::nn::Linear body{nullptr}, side{nullptr};
  torch::Tensor gain;
};

// A momentum encoder used only under NoGradGuard, its parameters still trainable.
struct MomentumImpl : torch::nn::Module {
  MomentumImpl() {
    query = register_module("query", torch::nn::Linear(16, 8));
    key = register_module("key", torch::nn::Linear(16, 8));
    // CHECK: dead-computation.cpp:[[@LINE-1]]:11: warning: submodule 'key' is used in forward() but gets no gradient: it runs only under torch::NoGradGuard while its parameters still require grad; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: dead-computation.cpp:[[@LINE+14]]:11: note: used under the no-grad guard 'no_grad' here
  }
  void momentum_update() {
    torch::NoGradGuard no_grad;
    auto q = query->parameters();
    auto k = key->parameters();
    for (size_t i = 0; i < q.size(); ++i) k[i].mul_(0.99).add_(q[i] * 0.01);
  }
  torch::Tensor forward(torch::Tensor a, torch::Tensor b) {
    torch::Tensor q = query(a);
    torch::Tensor k;
    {
      torch::NoGradGuard no_grad;
      momentum_update();
      k = key(b);
    }
    return torch::matmul(q, k.t());
  }
  torch::nn::Linear query{nullptr}, key{nullptr};
};

// Detached before anything trainable consumes it: the encoder gets no gradient.
struct DetachedImpl : torch::nn::Module {
  DetachedImpl() {
    encoder = register_module("encoder", torch::nn::Linear(8, 8));
    // CHECK: dead-computation.cpp:[[@LINE-1]]:15: warning: submodule 'encoder' is used in forward() but gets no gradient: its result reaches the output only through detach(), data() or item(); this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: dead-computation.cpp:[[@LINE+4]]:30: note: result detached from the gradient here
    classifier = register_module("classifier", torch::nn::Linear(8, 2));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor features = encoder(x).detach();
    return classifier(features);
  }
  torch::nn::Linear encoder{nullptr}, classifier{nullptr};
};
