// nn-register-outside-reset: a Cloneable that registers modules, parameters
// or buffers anywhere but reset() (constructor body and initialiser, other
// methods, free helpers, macros, templates), and the correct designs.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-register-outside-reset %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-register-outside-reset %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

using namespace torch::nn;

// ---- Positives ------------------------------------------------------------

struct CtorImpl : Cloneable<CtorImpl> {
  CtorImpl() : fc(register_module("fc", Linear(4, 4))) {
    // CHECK: register-outside-reset.cpp:[[@LINE-1]]:19: warning: 'fc' is registered in the constructor instead of reset(); clone() (used by replicate() and data_parallel()) will throw "Are you sure you called register_module() inside reset() and not the constructor?" [nn-register-outside-reset]
    // CHECK: [[@LINE+12]]:8: note: reset() is declared here; register in it
    w = register_parameter("w", torch::randn({4}));
    // CHECK: [[@LINE-1]]:9: warning: 'w' is registered in the constructor instead of reset(); clone() (used by replicate() and data_parallel()) will throw "Are you sure you called register_parameter() inside reset() and not the constructor?" [nn-register-outside-reset]
    // CHECK: [[@LINE+9]]:8: note: reset() is declared here; register in it
    register_buffer("mean", mean);
    // CHECK: [[@LINE-1]]:5: warning: 'mean' is registered in the constructor instead of reset(); clone() (used by replicate() and data_parallel()) will throw "Are you sure you called register_buffer() inside reset() and not the constructor?" [nn-register-outside-reset]
    // CHECK: [[@LINE+6]]:8: note: reset() is declared here; register in it
    init_extra();
  }
  void init_extra() { extra = register_module("extra", Linear(4, 4)); }
  // CHECK: [[@LINE-1]]:31: warning: 'extra' is registered in init_extra() instead of reset(){{.*}} [nn-register-outside-reset]
  // CHECK: [[@LINE+1]]:8: note: reset() is declared here; register in it
  void reset() override { head = register_module("head", Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return head(extra(fc(x))) * w + mean; }
  Linear fc, extra{nullptr}, head{nullptr};
  torch::Tensor w, mean;
};

// A free helper that registers what it is given, called from the constructor.
void add_bias(Module &owner, torch::Tensor &bias) { bias = owner.register_parameter("bias", torch::zeros({4})); }
struct HelperImpl : Cloneable<HelperImpl> {
  HelperImpl() {
    reset();
    add_bias(*this, bias);
    // CHECK: [[@LINE-1]]:5: warning: 'bias' is registered in the constructor instead of reset(); {{.*}}"Are you sure you called register_parameter() inside reset() and not the constructor?" [nn-register-outside-reset]
    // CHECK: [[@LINE+2]]:8: note: reset() is declared here; register in it
  }
  void reset() override { fc = register_module("fc", Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x) + bias; }
  Linear fc{nullptr};
  torch::Tensor bias;
};

// Through a macro, in a class template.
#define REGISTER(name, ...) name = this->register_module(#name, __VA_ARGS__)
template <int N>
struct TemplateImpl : Cloneable<TemplateImpl<N>> {
  TemplateImpl() { REGISTER(fc, Linear(N, N)); }
  // CHECK: [[@LINE-1]]:20: warning: 'fc' is registered in the constructor instead of reset(){{.*}} [nn-register-outside-reset]
  // CHECK: [[@LINE+1]]:8: note: reset() is declared here; register in it
  void reset() override {}
  Linear fc{nullptr};
};

// Out-of-line constructor.
struct OutOfLineImpl : Cloneable<OutOfLineImpl> {
  OutOfLineImpl();
  void reset() override;
  // CHECK: [[@LINE+5]]:3: warning: a buffer is registered in the constructor instead of reset(){{.*}} [nn-register-outside-reset]
  // CHECK: [[@LINE-2]]:8: note: reset() is declared here; register in it
};
void OutOfLineImpl::reset() {}
OutOfLineImpl::OutOfLineImpl() {
  register_buffer("steps", torch::zeros({1}));
}

// ---- Negatives ------------------------------------------------------------

// In reset(), in methods reset() calls, through helpers reset() calls.
struct GoodImpl : Cloneable<GoodImpl> {
  GoodImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(4, 4));
    build();
    add_bias(*this, bias);
  }
  void build() { w = register_parameter("w", torch::randn({4})); }
  torch::Tensor forward(torch::Tensor x) { return fc(x) * w + bias; }
  Linear fc{nullptr};
  torch::Tensor w, bias;
};

// A plain Module registers in its constructor.
struct PlainImpl : Module {
  PlainImpl() { fc = register_module("fc", Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
};

// The class writes its own clone().
struct OwnCloneImpl : Cloneable<OwnCloneImpl> {
  OwnCloneImpl() { fc = register_module("fc", Linear(4, 4)); }
  void reset() override {}
  std::shared_ptr<Module> clone(const torch::optional<torch::Device> &device = torch::nullopt) const override {
    return std::make_shared<OwnCloneImpl>();
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
};

// reset() is declared but its body is not in this run: silent.
struct ResetElsewhereImpl : Cloneable<ResetElsewhereImpl> {
  ResetElsewhereImpl() { fc = register_module("fc", Linear(4, 4)); }
  void reset() override;
  Linear fc{nullptr};
};
