// nn-unused-parameter: a derived class's forward() override that skips a
// member its base class registers and uses in the base's forward(); silent
// when the override calls the base's forward(), uses the member, or the base
// is not seen whole.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

namespace nn = torch::nn;

// ---- Positives ------------------------------------------------------------

struct ClassifierBase : nn::Module {
  ClassifierBase() {
    backbone_ = register_module("backbone", nn::Linear(8, 8));
    head_ = register_module("head", nn::Linear(8, 2));
  }
  virtual torch::Tensor forward(torch::Tensor x) { return head_(torch::relu(backbone_(x))); }

 protected:
  nn::Linear backbone_{nullptr}, head_{nullptr};
};

// A linear probe on the backbone: the base's head stays in parameters() without a gradient.
struct ProbeClassifier : ClassifierBase {
  ProbeClassifier() { probe_ = register_module("probe", nn::Linear(8, 3)); }
  torch::Tensor forward(torch::Tensor x) override { return probe_(backbone_(x)); }
  // CHECK: unused-parameter-inheritance.cpp:[[@LINE-1]]:17: warning: submodule 'head_' registered by base class 'ClassifierBase' is never reached from ProbeClassifier::forward(), which overrides ClassifierBase::forward() without calling it; it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
  // CHECK: [[@LINE-13]]:13: note: 'head_' is registered here
  // CHECK: [[@LINE-12]]:25: note: ClassifierBase::forward() uses it
  nn::Linear probe_{nullptr};
};

// Two levels; the parameter is used through a base helper, and is private.
class ScaledBase : public nn::Module {
 public:
  ScaledBase() { scale_ = register_parameter("scale", torch::ones({1})); }
  torch::Tensor forward(torch::Tensor x) { return apply_scale(x); }

 protected:
  torch::Tensor apply_scale(const torch::Tensor &x) { return x * scale_; }

 private:
  torch::Tensor scale_;
};
class ProjectedBase : public ScaledBase {
 public:
  ProjectedBase() { proj = register_module("proj", nn::Linear(4, 4)); }
  nn::Linear proj{nullptr};
};
class Projection : public ProjectedBase {
 public:
  torch::Tensor forward(torch::Tensor x);
};
torch::Tensor Projection::forward(torch::Tensor x) { return proj(x); }
// CHECK: [[@LINE-3]]:17: warning: parameter 'scale_' registered by base class 'ScaledBase' is never reached from Projection::forward(), which overrides ScaledBase::forward() without calling it{{.*}} [nn-unused-parameter]
  // CHECK: [[@LINE-20]]:27: note: 'scale_' is registered here
  // CHECK: [[@LINE-20]]:17: note: ScaledBase::forward() uses it

// ---- Negatives ------------------------------------------------------------

// Calls the base's forward().
struct ResidualClassifier : ClassifierBase {
  torch::Tensor forward(torch::Tensor x) override { return ClassifierBase::forward(x) + x.sum(); }
};

// Uses the protected member itself, or through an inherited helper.
struct Relabel : ClassifierBase {
  Relabel() { extra_ = register_module("extra", nn::Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor x) override { return head_(extra_(backbone_(x))); }
  nn::Linear extra_{nullptr};
};
class ScaledTwice : public ScaledBase {
 public:
  torch::Tensor forward(torch::Tensor x) { return apply_scale(apply_scale(x)); }
};

// Another method of the derived class reaches the member: it may be trained through it.
struct TwoHeads : ClassifierBase {
  TwoHeads() { aux_ = register_module("aux", nn::Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor x) override { return aux_(backbone_(x)); }
  torch::Tensor logits(torch::Tensor x) { return head_(backbone_(x)); }
  nn::Linear aux_{nullptr};
};

// The base registers the member only under a condition, or the member has no parameters.
struct OptionalHeadBase : nn::Module {
  explicit OptionalHeadBase(bool with_head) {
    body_ = register_module("body", nn::Linear(4, 4));
    act_ = register_module("act", nn::ReLU());
    if (with_head) head_ = register_module("head", nn::Linear(4, 1));
  }
  virtual torch::Tensor forward(torch::Tensor x) { return head_ ? head_(act_(body_(x))) : act_(body_(x)); }

 protected:
  nn::Linear body_{nullptr}, head_{nullptr};
  nn::ReLU act_{nullptr};
};
struct Headless : OptionalHeadBase {
  Headless() : OptionalHeadBase(false) {}
  torch::Tensor forward(torch::Tensor x) override { return body_(x); }
};

// The base is not seen whole: one of its methods has no body in this run.
struct PartlySeenBase : nn::Module {
  PartlySeenBase() { gate_ = register_module("gate", nn::Linear(4, 4)); }
  virtual torch::Tensor forward(torch::Tensor x) { return gate_(x); }
  void reset_gate();

 protected:
  nn::Linear gate_{nullptr};
};
struct GateFree : PartlySeenBase {
  torch::Tensor forward(torch::Tensor x) override { return x * 2; }
};
