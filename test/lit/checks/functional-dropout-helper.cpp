// A dropout that is always on, inside a helper of the run that a module's
// method calls: the helper does not know the module's mode, so eval() does not
// stop it. A helper that is given the mode, and one that is never called from
// a module, are fine.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-functional-dropout-in-eval %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-functional-dropout-in-eval %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

namespace F = torch::nn::functional;

torch::Tensor regularise(const torch::Tensor &x) { return F::dropout(x, F::DropoutFuncOptions().p(0.3)); }
torch::Tensor head_features(const torch::Tensor &x) { return torch::relu(regularise(x)); }

struct Mixer {
  static torch::Tensor mix(const torch::Tensor &a, const torch::Tensor &b) { return torch::dropout(a + b, 0.1, true); }
};

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) {
    x = head_features(x);
    // CHECK: functional-dropout-helper.cpp:[[@LINE-1]]:9: warning: 'head_features', called in 'ClassifierImpl::forward', drops activations in eval() mode too: it calls 'torch::nn::functional::dropout' with a training flag that is always true; pass the module's mode (is_training()) down to it [nn-functional-dropout-in-eval]
    // CHECK: functional-dropout-helper.cpp:11:59: note: the dropout is here
    x = Mixer::mix(x, x);
    // CHECK: functional-dropout-helper.cpp:[[@LINE-1]]:9: warning: 'Mixer::mix', called in 'ClassifierImpl::forward', drops activations in eval() mode too: it calls 'at::dropout' with a training flag that is always true
    // CHECK: functional-dropout-helper.cpp:15:85: note: the dropout is here
    return fc(x);
  }
  torch::nn::Linear fc{nullptr};
};

// ---- Negatives ------------------------------------------------------------

torch::Tensor maybe_drop(const torch::Tensor &x, bool training) {
  return F::dropout(x, F::DropoutFuncOptions().p(0.3).training(training));
}
torch::Tensor augment(const torch::Tensor &x) { return F::dropout(x, F::DropoutFuncOptions().p(0.5)); }

struct CarefulImpl : torch::nn::Module {
  CarefulImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(maybe_drop(x, is_training())); }
  torch::nn::Linear fc{nullptr};
};

// Data augmentation outside any module: the caller decides when it runs.
torch::Tensor prepare_batch(const torch::Tensor &x) { return augment(x); }

// Only in training: behind `if (is_training())`, or after `if (!is_training()) return`.
struct GuardedImpl : torch::nn::Module {
  GuardedImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) {
    if (is_training()) x = head_features(x);
    if (is_training() && x.size(0) > 1) x = F::dropout(x, F::DropoutFuncOptions().p(0.2));
    x = fc(x);
    if (!is_training()) return x;
    return Mixer::mix(x, x);
  }
  torch::nn::Linear fc{nullptr};
};

// The mode kept in a local flag first, alone or with other conditions.
struct LocalFlagImpl : torch::nn::Module {
  LocalFlagImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) {
    const bool train = is_training() && x.size(0) > 1;
    if (train) x = F::dropout(x, F::DropoutFuncOptions().p(0.2));
    bool augmenting = is_training();
    if (x.size(1) > 4 && augmenting) x = head_features(x);
    return fc(x);
  }
  torch::nn::Linear fc{nullptr};
};

// Behind another condition it still runs in eval().
struct ShapeGuardImpl : torch::nn::Module {
  ShapeGuardImpl() { fc = register_module("fc", torch::nn::Linear(8, 2)); }
  torch::Tensor forward(torch::Tensor x) {
    if (x.size(0) > 1) x = head_features(x);
    // CHECK: functional-dropout-helper.cpp:[[@LINE-1]]:28: warning: 'head_features', called in 'ShapeGuardImpl::forward', drops activations in eval() mode too
    // CHECK: functional-dropout-helper.cpp:11:59: note: the dropout is here
    return fc(x);
  }
  torch::nn::Linear fc{nullptr};
};
