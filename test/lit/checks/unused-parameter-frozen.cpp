// nn-unused-parameter and frozen submodules: parameters frozen by a helper
// function that is given the module, by an own method, with a flag that may
// be false, or by the child itself (an options flag) need no gradient, so
// using the child under NoGradGuard or through detach() is not a defect.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
namespace nn = torch::nn;
using torch::Tensor;
void freeze(nn::Module &m) {
  for (auto &p : m.parameters()) p.requires_grad_(false);
}
void set_trainable(const std::shared_ptr<nn::Module> &m, bool on) {
  for (auto &p : m->named_parameters()) p.value().set_requires_grad(on);
}
// A free helper freezes the encoder, used under NoGradGuard.
struct HelperFrozenImpl : nn::Module {
  HelperFrozenImpl() {
    enc = register_module("enc", nn::Linear(4, 4));
    head = register_module("head", nn::Linear(4, 4));
    freeze(*enc);
  }
  Tensor forward(Tensor x) {
    Tensor h;
    {
      torch::NoGradGuard g;
      h = enc(x);
    }
    return head(h);
  }
  nn::Linear enc{nullptr}, head{nullptr};
};
// A helper given a flag and a type-erased handle.
struct FlagFrozenImpl : nn::Module {
  explicit FlagFrozenImpl(bool train_backbone) {
    enc = register_module("enc", nn::Linear(4, 4));
    head = register_module("head", nn::Linear(4, 4));
    set_trainable(enc.ptr(), train_backbone);
  }
  Tensor forward(Tensor x) { return head(enc(x).detach()); }
  nn::Linear enc{nullptr}, head{nullptr};
};
// A child that freezes itself when its options say so.
struct BackboneImpl : nn::Module {
  explicit BackboneImpl(bool frozen) {
    fc = register_module("fc", nn::Linear(4, 4));
    if (frozen)
      for (auto &p : parameters()) p.requires_grad_(false);
  }
  Tensor forward(Tensor x) { return fc(x); }
  nn::Linear fc{nullptr};
};
TORCH_MODULE(Backbone);
struct FrozenChildImpl : nn::Module {
  FrozenChildImpl() {
    bb = register_module("bb", Backbone(true));
    head = register_module("head", nn::Linear(4, 4));
  }
  Tensor forward(Tensor x) {
    Tensor f;
    {
      torch::NoGradGuard g;
      f = bb(x);
    }
    return head(f);
  }
  Backbone bb{nullptr};
  nn::Linear head{nullptr};
};
// requires_grad_ given a run-time flag, and an own freeze method.
struct OwnMethodImpl : nn::Module {
  explicit OwnMethodImpl(bool fine_tune) {
    enc = register_module("enc", nn::Linear(4, 4));
    dec = register_module("dec", nn::Linear(4, 4));
    head = register_module("head", nn::Linear(4, 4));
    for (auto &p : enc->parameters()) p.requires_grad_(fine_tune);
    freeze_decoder();
  }
  void freeze_decoder() {
    for (auto &p : dec->parameters()) p.requires_grad_(false);
  }
  Tensor forward(Tensor x) { return head(dec(enc(x).detach()).detach()); }
  nn::Linear enc{nullptr}, dec{nullptr}, head{nullptr};
};
// Trainable (requires_grad_(true)) and detached: still reported.
struct TrainableDetachedImpl : nn::Module {
  TrainableDetachedImpl() {
    enc = register_module("enc", nn::Linear(4, 4));
    // CHECK: unused-parameter-frozen.cpp:[[@LINE-1]]:11: warning: submodule 'enc' is used in forward() but gets no gradient{{.*}} [nn-unused-parameter]
    head = register_module("head", nn::Linear(4, 4));
    for (auto &p : enc->parameters()) p.requires_grad_(true);
  }
  Tensor forward(Tensor x) { return head(enc(x).detach()); }
  // CHECK: unused-parameter-frozen.cpp:[[@LINE-1]]:42: note: result detached from the gradient here
  nn::Linear enc{nullptr}, head{nullptr};
};
