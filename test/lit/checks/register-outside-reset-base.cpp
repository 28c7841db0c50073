// A base class of a Cloneable that registers in its constructor, a CRTP base
// of Cloneable<Derived> included: the constructor runs when the module is
// built, but clone() copies the module, clears its registries and calls only
// reset(), so the clone misses what the base registered.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-register-outside-reset %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-register-outside-reset %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

template <class Derived>
struct WithHead : torch::nn::Cloneable<Derived> {
  WithHead() { head = this->register_module("head", torch::nn::Linear(4, 4)); }
  // CHECK: register-outside-reset-base.cpp:[[@LINE-1]]:23: warning: 'head' is registered in the constructor of base class 'WithHead' instead of reset(); clone() (used by replicate() and data_parallel()) will throw "Are you sure you called register_module() inside reset() and not the constructor?" [nn-register-outside-reset]
  // CHECK: register-outside-reset-base.cpp:[[@LINE+6]]:8: note: reset() is declared here; register in it
  torch::nn::Linear head{nullptr};
};

struct NetImpl : WithHead<NetImpl> {
  NetImpl() { reset(); }
  void reset() override { body = register_module("body", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return head(body(x)); }
  torch::nn::Linear body{nullptr};
};
TORCH_MODULE(Net);

// Two steps up: a base of the CRTP base; and a scale registered as a parameter.
template <class Derived>
struct Scaled : torch::nn::Cloneable<Derived> {
  Scaled() { scale = this->register_parameter("scale", torch::ones({1})); }
  // CHECK: [[@LINE-1]]:22: warning: 'scale' is registered in the constructor of base class 'Scaled' instead of reset(){{.*}}register_parameter(){{.*}} [nn-register-outside-reset]
  // CHECK: [[@LINE+9]]:8: note: reset() is declared here; register in it
  torch::Tensor scale;
};
template <class Derived>
struct ScaledHead : Scaled<Derived> {
  torch::Tensor head_out(torch::Tensor x) { return x * this->scale; }
};
struct ScaledNetImpl : ScaledHead<ScaledNetImpl> {
  ScaledNetImpl() { reset(); }
  void reset() override { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return head_out(fc(x)); }
  torch::nn::Linear fc{nullptr};
};

// ---- Negatives ------------------------------------------------------------

// A base that registers in its own reset(), which the derived reset() calls.
template <class Derived>
struct Trunk : torch::nn::Cloneable<Derived> {
  void build_trunk() { trunk = this->register_module("trunk", torch::nn::Linear(4, 4)); }
  torch::nn::Linear trunk{nullptr};
};
struct TrunkNetImpl : Trunk<TrunkNetImpl> {
  TrunkNetImpl() { reset(); }
  void reset() override {
    build_trunk();
    fc = register_module("fc", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(trunk(x)); }
  torch::nn::Linear fc{nullptr};
};

// A base that registers in its constructor, under a module that is not Cloneable.
struct HeadBase : torch::nn::Module {
  HeadBase() { head = register_module("head", torch::nn::Linear(4, 4)); }
  torch::nn::Linear head{nullptr};
};
struct PlainImpl : HeadBase {
  PlainImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return head(fc(x)); }
  torch::nn::Linear fc{nullptr};
};
