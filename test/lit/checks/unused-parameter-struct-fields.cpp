// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A value written into a field of a local struct reaches only what reads
// that field: the struct being read elsewhere does not make it used.
#include <torch/torch.h>

struct Features {
  torch::Tensor main;
  torch::Tensor side;
};

struct TwoStreamImpl : torch::nn::Module {
  TwoStreamImpl() {
    rgb = register_module("rgb", torch::nn::Linear(8, 8));
    flow = register_module("flow", torch::nn::Linear(8, 8));
    // CHECK: struct-fields.cpp:[[@LINE-1]]:12: warning: submodule 'flow' is used in forward() but gets no gradient: its result goes into 'f.side', which is never read; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: struct-fields.cpp:[[@LINE+6]]:14: note: result discarded here
    head = register_module("head", torch::nn::Linear(8, 2));
  }
  torch::Tensor forward(torch::Tensor x) {
    Features f;
    f.main = rgb(x);
    f.side = flow(x);
    return head(f.main);
  }
  torch::nn::Linear rgb{nullptr}, flow{nullptr}, head{nullptr};
};
