// nn-functional-dropout-in-eval: dropouts in a module's methods whose training
// flag is a constant true (the options' default, or a literal), and the ones
// that follow the module's mode or are off.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-functional-dropout-in-eval %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-functional-dropout-in-eval %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: %if !other-torch %{ cp %s %t.cpp && not %nnlint --checks=-*,nn-functional-dropout-in-eval --fix %t.cpp -- %stub_flags > /dev/null %}
// RUN: %if !other-torch %{ FileCheck %s --check-prefix=FIXED --input-file=%t.cpp %}
#include <torch/torch.h>

namespace F = torch::nn::functional;

// ---- Positives ------------------------------------------------------------

struct HeadImpl : torch::nn::Module {
  HeadImpl() : fc(register_module("fc", torch::nn::Linear(8, 8))) {}
  torch::Tensor forward(torch::Tensor x) {
    x = F::dropout(fc(x), F::DropoutFuncOptions().p(0.2));
    // CHECK: functional-dropout-in-eval.cpp:[[@LINE-1]]:9: warning: 'torch::nn::functional::dropout' in 'HeadImpl::forward' drops activations in eval() mode too: the default of torch::nn::functional::DropoutFuncOptions is training=true; pass the module's mode with is_training() [nn-functional-dropout-in-eval]
    // FIXED: x = F::dropout(fc(x), F::DropoutFuncOptions().p(0.2).training(is_training()));
    x = F::dropout(x);
    // CHECK: [[@LINE-1]]:9: warning: 'torch::nn::functional::dropout' in 'HeadImpl::forward' drops activations in eval() mode too: the default of {{.*}}DropoutFuncOptions is training=true
    // FIXED: x = F::dropout(x, torch::nn::functional::DropoutFuncOptions().training(is_training()));
    x = torch::dropout(x, 0.1, true);
    // CHECK: [[@LINE-1]]:9: warning: 'at::dropout' in 'HeadImpl::forward' drops activations in eval() mode too: its training flag is always true
    // CHECK: [[@LINE-2]]:32: note: training is set to 'true' here
    // FIXED: x = torch::dropout(x, 0.1, is_training());
    return x;
  }
  torch::nn::Linear fc{nullptr};
};

// Every other spelling: dropout2d/3d, an options variable, an explicit
// .training(true), a named constant, ATen's in-place and feature variants.
constexpr bool kAlwaysTrain = true;
struct VisionImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) {
    auto opts = F::Dropout2dFuncOptions().p(0.1);
    x = F::dropout2d(x, opts);
    // CHECK: [[@LINE-1]]:9: warning: 'torch::nn::functional::dropout2d' in 'VisionImpl::forward' drops activations in eval() mode too: the default of {{.*}}DropoutFuncOptions is training=true
    x = F::dropout3d(x, F::Dropout3dFuncOptions().training(true).p(0.3));
    // CHECK: [[@LINE-1]]:9: warning: 'torch::nn::functional::dropout3d' {{.*}}its training flag is always true
    // CHECK: [[@LINE-2]]:60: note: training is set to 'true' here
    // FIXED: x = F::dropout3d(x, F::Dropout3dFuncOptions().training(is_training()).p(0.3));
    x = F::alpha_dropout(x, F::AlphaDropoutFuncOptions().training(kAlwaysTrain));
    // CHECK: [[@LINE-1]]:9: warning: 'torch::nn::functional::alpha_dropout' {{.*}}its training flag is always true
    // CHECK: [[@LINE-2]]:67: note: training is set to 'kAlwaysTrain' here
    at::feature_dropout_(x, 0.5, 1 == 1);
    // CHECK: [[@LINE-1]]:5: warning: 'at::feature_dropout_' {{.*}}its training flag is always true
    // CHECK: [[@LINE-2]]:34: note: training is set to '1 == 1' here
    return x;
  }
};

// Out-of-line method, and a dropout inside a lambda (no fix-it there: the
// lambda does not capture `this`).
struct BlockImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x);
};
torch::Tensor BlockImpl::forward(torch::Tensor x) {
  auto drop = [](torch::Tensor t) { return F::dropout(t, F::DropoutFuncOptions()); };
  // CHECK: [[@LINE-1]]:44: warning: 'torch::nn::functional::dropout' in 'BlockImpl::forward' drops activations in eval() mode too
  // FIXED: auto drop = [](torch::Tensor t) { return F::dropout(t, F::DropoutFuncOptions()); };
  return drop(x);
}

// ---- Negatives ------------------------------------------------------------

struct FollowsModeImpl : torch::nn::Module {
  explicit FollowsModeImpl(bool train) : train_(train) {}
  torch::Tensor forward(torch::Tensor x) {
    x = F::dropout(x, F::DropoutFuncOptions().p(0.2).training(is_training()));
    x = torch::dropout(x, 0.2, is_training());
    x = torch::dropout(x, 0.2, train_);
    x = torch::dropout(x, 0.2, false);
    auto opts = F::DropoutFuncOptions().p(0.1);
    opts.training(is_training());
    x = F::dropout(x, opts);
    x = F::alpha_dropout(x);  // AlphaDropoutFuncOptions defaults to training=false
    x = F::feature_alpha_dropout(x, F::FeatureAlphaDropoutFuncOptions().p(0.1));
    x = F::dropout(x, F::DropoutFuncOptions().training(true).training(is_training()));
    return x;
  }
  // Options passed in: their training flag is the caller's business.
  torch::Tensor apply(torch::Tensor x, const F::DropoutFuncOptions &given) { return F::dropout(x, given); }
  bool train_;
};

// Outside module code nothing says which mode applies: a free function
// (its caller may pass training itself), a plain class.
torch::Tensor noisy(torch::Tensor x) { return F::dropout(x, F::DropoutFuncOptions().p(0.5)); }
struct Augment {
  torch::Tensor operator()(torch::Tensor x) const { return torch::dropout(x, 0.1, true); }
};

// A user function called `dropout` in another namespace is not LibTorch's.
namespace mylib {
inline torch::Tensor dropout(torch::Tensor x, double p, bool train) { return x; }
}  // namespace mylib
struct OwnDropoutImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return mylib::dropout(x, 0.5, true); }
};

// The dropout module follows eval() by itself.
struct ModuleDropoutImpl : torch::nn::Module {
  ModuleDropoutImpl() : drop(register_module("drop", torch::nn::Dropout(0.2))) {}
  torch::Tensor forward(torch::Tensor x) { return drop(x); }
  torch::nn::Dropout drop{nullptr};
};

// The check is known to --list-checks, to SARIF's rule table and to the clang-tidy plugin.
// RUN: %if !other-torch %{ %nnlint --checks=-*,nn-functional-dropout-in-eval --list-checks %s | FileCheck %s --check-prefix=LIST %}
// LIST: nn-functional-dropout-in-eval
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-functional-dropout-in-eval --format=sarif %s -- %stub_flags | FileCheck %s --check-prefix=SARIF %}
// SARIF: "id": "nn-functional-dropout-in-eval"
// RUN: %if !other-torch %{ clang-tidy-19 -load %tidy_plugin '-checks=-*,nn-functional-dropout-in-eval' %s -- %stub_flags 2>/dev/null | FileCheck %s --check-prefix=TIDY %}
// TIDY: functional-dropout-in-eval.cpp:17:9: warning: 'torch::nn::functional::dropout' in 'HeadImpl::forward' drops activations in eval() mode too{{.*}}[nn-functional-dropout-in-eval]
