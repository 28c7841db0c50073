// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A loop over a fixed container that branches on its index takes every
// branch on some iteration: each branch's modules are reached.
#include <torch/torch.h>

#include <string>
#include <vector>

struct StagesImpl : torch::nn::Module {
  explicit StagesImpl(int64_t n) {
    stem = register_module("stem", torch::nn::Linear(4, 8));
    head = register_module("head", torch::nn::Linear(8, 2));
    for (int64_t i = 0; i < n; ++i)
      blocks.push_back(register_module("block" + std::to_string(i), torch::nn::Linear(8, 8)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < blocks.size(); ++i) {
      if (i == 0) {
        x = stem(x);
      } else if (i == blocks.size() - 1) {
        x = blocks[i](x);
        return head(x);
      }
      x = torch::relu(blocks[i](x));
    }
    return x;
  }
  torch::nn::Linear stem{nullptr}, head{nullptr};
  std::vector<torch::nn::Linear> blocks;
};

// Alternating layers chosen by parity, a ternary on the index, and a range-for.
struct AlternatingImpl : torch::nn::Module {
  AlternatingImpl() {
    even = register_module("even", torch::nn::Linear(4, 4));
    odd = register_module("odd", torch::nn::Linear(4, 4));
    first = register_module("first", torch::nn::Linear(4, 4));
    layers = register_module("layers", torch::nn::ModuleList(torch::nn::Linear(4, 4), torch::nn::Linear(4, 4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (int i = 0; i < depth_; ++i) x = i % 2 == 0 ? even(x) : odd(x);
    for (const auto &layer : *layers) {
      x = layer->as<torch::nn::Linear>()->forward(x);
    }
    for (int i = 0; i < depth_; ++i) {
      switch (i) {
        case 0: x = first(x); break;
        default: break;
      }
    }
    return x;
  }
  int depth_ = 4;
  torch::nn::Linear even{nullptr}, odd{nullptr}, first{nullptr};
  torch::nn::ModuleList layers{nullptr};
};

// A branch in the loop on the data is a real condition.
struct GatedLoopImpl : torch::nn::Module {
  GatedLoopImpl() {
    step = register_module("step", torch::nn::Linear(4, 4));
    gate = register_module("gate", torch::nn::Linear(4, 4));
    // CHECK: conditional-index-dispatch.cpp:[[@LINE-1]]:12: warning: submodule 'gate' is reached from forward() only when 'x.abs().max().item<double>() > 1.0'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-index-dispatch.cpp:[[@LINE+5]]:11: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    for (int i = 0; i < 3; ++i) {
      x = step(x);
      if (x.abs().max().item<double>() > 1.0) x = gate(x);
    }
    return x;
  }
  torch::nn::Linear step{nullptr}, gate{nullptr};
};

// The index compared with an input is not an index dispatch.
struct SkipAfterImpl : torch::nn::Module {
  SkipAfterImpl() {
    late = register_module("late", torch::nn::Linear(4, 4));
    // CHECK: conditional-index-dispatch.cpp:[[@LINE-1]]:12: warning: submodule 'late' is reached from forward() only when 'i >= stop'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-index-dispatch.cpp:[[@LINE+4]]:11: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x, int64_t stop) {
    for (int64_t i = 0; i < 4; ++i)
      if (i >= stop) x = late(x);
    return x;
  }
  torch::nn::Linear late{nullptr};
};
