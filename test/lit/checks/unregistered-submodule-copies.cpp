// nn-unregistered-submodule and registered copies: a module held by value
// and registered as a copy (`register_module("attn", std::make_shared<Attention>(attn))`)
// shares its children and parameters with the copy, so parameters(), to()
// and save reach them. A new module of the same class is not a copy.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
namespace nn = torch::nn;
using torch::Tensor;
struct Attention : nn::Module {
  explicit Attention(int d) : w(register_module("w", nn::Linear(d, d))) {}
  Tensor forward(Tensor x) { return w(x); }
  nn::Linear w{nullptr};
};
struct CopiedImpl : nn::Module {
  CopiedImpl() : attn(4), attn2(4) {
    register_module<Attention>("attn", std::make_shared<Attention>(attn));
    register_module("attn2", std::make_shared<Attention>(attn2));
    fc = register_module("fc", nn::Linear(4, 4));
  }
  Tensor forward(Tensor x) { return fc(attn2.forward(attn.forward(x))); }
  Attention attn, attn2;
  nn::Linear fc{nullptr};
};
// A new Attention is registered, not the member: still reported.
struct FreshImpl : nn::Module {
  FreshImpl() : attn(4) {
    register_module("other", std::make_shared<Attention>(4));
    fc = register_module("fc", nn::Linear(4, 4));
  }
  Tensor forward(Tensor x) { return fc(attn.forward(x)); }
  Attention attn;
  // CHECK: unregistered-submodule-copies.cpp:[[@LINE-1]]:13: warning: submodule 'attn' (Attention) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: unregistered-submodule-copies.cpp:[[@LINE-7]]:17: note: assigned here, in the constructor
  nn::Linear fc{nullptr};
};
