// A check that throws inside try, whose handlers all throw again, ends the
// iteration like one outside try: it is not another path through forward().
// A handler that returns makes the check a real branch.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <iostream>
#include <stdexcept>

// Prints and throws again.
struct CheckedImpl : torch::nn::Module {
  CheckedImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) {
    try {
      if (x.size(1) != 4) throw std::runtime_error("bad shape");
    } catch (const std::exception &e) {
      std::cerr << e.what() << "\n";
      throw;
    }
    return fc(x);
  }
  torch::nn::Linear fc{nullptr};
};

// Nested: the inner handler wraps the error, the outer one throws it again;
// a check outside any try in a function that also has one.
struct NestedImpl : torch::nn::Module {
  NestedImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    out = register_module("out", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    try {
      try {
        if (x.dim() != 2) throw std::invalid_argument("rank");
      } catch (const std::invalid_argument &e) {
        throw std::runtime_error(std::string("input: ") + e.what());
      }
    } catch (...) {
      throw;
    }
    x = fc(x);
    if (x.size(0) == 0) throw std::runtime_error("empty batch");
    return out(x);
  }
  torch::nn::Linear fc{nullptr}, out{nullptr};
};

// The handler logs and returns the input: forward() finishes without fc.
struct SwallowImpl : torch::nn::Module {
  SwallowImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    // CHECK: conditional-throw-try.cpp:[[@LINE-1]]:10: warning: submodule 'fc' is reached from forward() only when 'x.size(1) == 4'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-throw-try.cpp:[[@LINE+4]]:11: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    try {
      if (x.size(1) != 4) throw std::runtime_error("bad shape");
    } catch (const std::exception &e) {
      std::cerr << e.what() << "\n";
      return x;
    }
    return fc(x);
  }
  torch::nn::Linear fc{nullptr};
};

// A handler for one kind throws again, the other returns: still a branch.
struct MixedHandlersImpl : torch::nn::Module {
  MixedHandlersImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    // CHECK: conditional-throw-try.cpp:[[@LINE-1]]:10: warning: submodule 'fc' is reached from forward() only when 'x.size(1) == 4'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-throw-try.cpp:[[@LINE+4]]:11: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    try {
      if (x.size(1) != 4) throw std::runtime_error("bad shape");
    } catch (const std::invalid_argument &) {
      throw;
    } catch (const std::exception &) {
      return x;
    }
    return fc(x);
  }
  torch::nn::Linear fc{nullptr};
};
