// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A guard that throws ends the iteration; it is not another path through
// forward(), so what follows it is used on every iteration.
#include <torch/torch.h>

#include <cassert>
#include <stdexcept>
#include <string>

[[noreturn]] void reportBadShape(const std::string &what) { throw std::invalid_argument(what); }

struct CheckedImpl : torch::nn::Module {
  CheckedImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    out = register_module("out", torch::nn::Linear(4, 2));
    scale = register_parameter("scale", torch::ones({2}));
    bias = register_parameter("bias", torch::zeros({2}));
  }
  torch::Tensor forward(torch::Tensor x) {
    TORCH_CHECK(x.dim() == 2, "expected a matrix, got ", x.dim(), " dimensions");
    assert(x.size(1) == 4);
    if (x.size(0) == 0) throw std::invalid_argument("empty batch");
    x = fc(x);
    if (x.sum().item<double>() != x.sum().item<double>()) reportBadShape("not a number");
    x = out(x) * scale;
    return finish(x);
  }
  torch::Tensor finish(torch::Tensor x) {
    if (x.size(1) != 2) {
      reportBadShape("two columns");
    }
    return x + bias;
  }
  torch::nn::Linear fc{nullptr}, out{nullptr};
  torch::Tensor scale, bias;
};

// A real branch after a check is still reported, and named by its own text,
// not by the check's.
struct CheckedBranchImpl : torch::nn::Module {
  CheckedBranchImpl() {
    small = register_module("small", torch::nn::Linear(4, 4));
    // CHECK: conditional-throw-guards.cpp:[[@LINE-1]]:13: warning: submodule 'small' is reached from forward() only when 'x.size(0) < 8'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-throw-guards.cpp:[[@LINE+4]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    TORCH_CHECK(x.size(1) == 4, "four features");
    if (x.size(0) < 8) x = small(x);
    return x;
  }
  torch::nn::Linear small{nullptr};
};

// A branch written inside a macro is named by the macro's invocation.
#define WHEN_SHORT(t) if ((t).size(0) < 2)
#define SKIP_FLAG skip_tail

struct MacroBranchImpl : torch::nn::Module {
  MacroBranchImpl() {
    head = register_module("head", torch::nn::Linear(4, 4));
    tail = register_module("tail", torch::nn::Linear(4, 4));
    // CHECK: conditional-throw-guards.cpp:[[@LINE-1]]:12: warning: submodule 'tail' is reached from forward() only when 'WHEN_SHORT(x)'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-throw-guards.cpp:[[@LINE+5]]:5: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    TORCH_CHECK(x.defined());
    x = head(x);
    WHEN_SHORT(x) { x = tail(x); }
    return x;
  }
  torch::nn::Linear head{nullptr}, tail{nullptr};
};

// A flag read through an object-like macro is named by the macro; a method changes it: a warning.
struct MacroFlagImpl : torch::nn::Module {
  MacroFlagImpl() {
    body = register_module("body", torch::nn::Linear(4, 4));
    tail = register_module("tail", torch::nn::Linear(4, 4));
    // CHECK: conditional-throw-guards.cpp:[[@LINE-1]]:12: warning: submodule 'tail' is reached from forward() only when 'SKIP_FLAG' is false; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-throw-guards.cpp:[[@LINE+6]]:9: note: reached only when this condition is false
  }
  void set_skip(bool s) { skip_tail = s; }
  torch::Tensor forward(torch::Tensor x) {
    x = body(x);
    if (x.numel() == 0) throw std::runtime_error("nothing to do");
    if (SKIP_FLAG) return x;
    return tail(x);
  }
  bool skip_tail = false;
  torch::nn::Linear body{nullptr}, tail{nullptr};
};

// A try block catches its throws: there the throw is another path, and is reported.
struct CaughtImpl : torch::nn::Module {
  CaughtImpl() {
    risky = register_module("risky", torch::nn::Linear(4, 4));
    // CHECK: conditional-throw-guards.cpp:[[@LINE-1]]:13: warning: submodule 'risky' is reached from forward() only when 'x.size(0) > 0'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-throw-guards.cpp:[[@LINE+4]]:11: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    try {
      if (x.size(0) > 0) {
        x = risky(x);
      } else {
        throw std::runtime_error("empty");
      }
    } catch (const std::exception &) {
      return x;
    }
    return x;
  }
  torch::nn::Linear risky{nullptr};
};
