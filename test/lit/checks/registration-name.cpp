// nn-registration-name: names LibTorch rejects when the module is built (a
// second registration under one name, a dot, an empty name), and the
// registrations that only look alike: other objects, other kinds, exclusive
// branches, other constructors, names built at run time.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-registration-name %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-registration-name %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <string>

using namespace torch::nn;

// ---- Positives ------------------------------------------------------------

constexpr const char *kHead = "head";

struct FpnImpl : Module {
  FpnImpl() {
    p5 = register_module("p5", Conv2d(8, 8, 1));
    p6 = register_module("p6", Conv2d(8, 8, 3));
    p7 = register_module("p6", Conv2d(8, 8, 3));
    // CHECK: registration-name.cpp:[[@LINE-1]]:10: warning: register_module() registers 'p6' a second time in this body; LibTorch throws "Submodule 'p6' already defined" when the module is built [nn-registration-name]
    // CHECK: [[@LINE-3]]:10: note: 'p6' is first registered here
    scale = register_parameter(std::string("scale"), torch::ones({1}));
    register_parameter("scale", torch::zeros({1}));
    // CHECK: [[@LINE-1]]:5: warning: register_parameter() registers 'scale' a second time{{.*}} "Parameter 'scale' already defined"{{.*}} [nn-registration-name]
    // CHECK: [[@LINE-3]]:13: note: 'scale' is first registered here
    head = register_module(kHead, Linear(8, 2));
    this->register_module(std::string(kHead), Linear(8, 2));
    // CHECK: [[@LINE-1]]:5: warning: register_module() registers 'head' a second time{{.*}} [nn-registration-name]
    // CHECK: [[@LINE-3]]:12: note: 'head' is first registered here
  }
  Conv2d p5{nullptr}, p6{nullptr}, p7{nullptr};
  Linear head{nullptr};
  torch::Tensor scale;
};

struct DottedImpl : Module {
  DottedImpl() {
    fc = register_module("features.0", Linear(4, 4));
    // CHECK: [[@LINE-1]]:10: warning: register_module() is given the name 'features.0', which holds a dot; LibTorch throws "Submodule name must not contain a dot" when the module is built [nn-registration-name]
    register_buffer("", torch::zeros({4}));
    // CHECK: [[@LINE-1]]:5: warning: register_buffer() is given an empty name; LibTorch throws "Buffer name must not be empty" when the module is built [nn-registration-name]
  }
  Linear fc{nullptr};
};

// ---- Negatives ------------------------------------------------------------

struct Sibling : Module {};

struct CorrectImpl : Module {
  explicit CorrectImpl(bool wide, int n) {
    // Exclusive branches register one of the two.
    if (wide) body = register_module("body", Linear(8, 16));
    else body = register_module("body", Linear(8, 4));
    // A loop builds its names at run time.
    for (int i = 0; i < n; ++i) blocks.push_back(register_module("block" + std::to_string(i), Linear(4, 4)));
    // Another object's registry, and another kind under the same name.
    other = std::make_shared<Sibling>();
    other->register_module("body", Linear(2, 2));
    register_parameter("gain", torch::ones({1}));
    register_buffer("gain", torch::ones({1}));
  }
  // A second constructor registers the same names for its own object.
  CorrectImpl() {
    body = register_module("body", Linear(8, 8));
    register_parameter("gain", torch::ones({1}));
  }
  Linear body{nullptr};
  std::vector<Linear> blocks;
  std::shared_ptr<Sibling> other;
};

// replace_module swaps what was registered: not a second registration.
struct ReplacesImpl : Module {
  ReplacesImpl() {
    fc = register_module("fc", Linear(4, 4));
    fc = replace_module("fc", Linear(4, 8));
  }
  Linear fc{nullptr};
};

int main() {}
