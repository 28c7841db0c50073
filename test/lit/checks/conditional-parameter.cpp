// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

struct DetectorImpl : torch::nn::Module {
  explicit DetectorImpl(bool aux) : use_aux(aux) {
    backbone = register_module("backbone", torch::nn::Linear(16, 16));
    cls = register_module("cls", torch::nn::Linear(16, 4));
    aux_head = register_module("aux_head", torch::nn::Linear(16, 4));
    // `use_aux` is fixed at construction and is_training() is false only where no backward() runs: a note.
    // CHECK: conditional-parameter.cpp:[[@LINE-2]]:16: note: submodule 'aux_head' is reached from forward() only when 'use_aux && is_training()', which is fixed when the module is built; a model built the other way registers it but never trains it [nn-conditional-parameter]
    // CHECK: conditional-parameter.cpp:{{[0-9]+}}:9: note: reached only under this condition
    gate = register_parameter("gate", torch::ones({4}));
    // CHECK: conditional-parameter.cpp:[[@LINE-1]]:12: warning: parameter 'gate' is reached from forward() only when 'x.size(0) > 1'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-parameter.cpp:{{[0-9]+}}:12: note: reached only under this condition
    drop = register_module("drop", torch::nn::Dropout(0.1));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(backbone(x));
    x = is_training() ? drop(x) : x;  // Dropout has no parameters: not reported
    torch::Tensor y = cls(x);
    if (use_aux && is_training()) {
      y = y + aux_head(x);
    }
    return x.size(0) > 1 ? y * gate : y;
  }
  bool use_aux;
  torch::nn::Linear backbone{nullptr}, cls{nullptr}, aux_head{nullptr};
  torch::nn::Dropout drop{nullptr};
  torch::Tensor gate;
};

// Loops are not conditions, and `if (downsample)` guards a module by its own existence.
struct BlockImpl : torch::nn::Module {
  BlockImpl(int in, int out) {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).padding(1)));
    if (in != out) downsample = register_module("downsample", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1)));
    for (int i = 0; i < 2; ++i) layers.push_back(register_module("l" + std::to_string(i), torch::nn::Linear(4, 4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor identity = x;
    if (downsample) identity = downsample(x);
    for (size_t i = 0; i < layers.size(); ++i) x = layers[i](x);
    return conv(x) + identity;
  }
  torch::nn::Conv2d conv{nullptr}, downsample{nullptr};
  std::vector<torch::nn::Linear> layers;
};

// An early return is a condition too, through a helper method.
struct EarlyImpl : torch::nn::Module {
  EarlyImpl() {
    a = register_module("a", torch::nn::Linear(4, 4));
    b = register_module("b", torch::nn::Linear(4, 4));
    // CHECK: conditional-parameter.cpp:[[@LINE-1]]:9: warning: submodule 'b' is reached from forward() only when 'skip' is false; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-parameter.cpp:[[@LINE+5]]:9: note: reached only when this condition is false
  }
  torch::Tensor refine(torch::Tensor x) { return b(x); }
  torch::Tensor forward(torch::Tensor x, bool skip) {
    x = a(x);
    if (skip) return x;
    return refine(x);
  }
  torch::nn::Linear a{nullptr}, b{nullptr};
};

// `||` and `&&`: the whole condition is named, with the side the use is on.
struct GateImpl : torch::nn::Module {
  GateImpl() {
    any = register_module("any", torch::nn::Linear(4, 4));
    // CHECK: conditional-parameter.cpp:[[@LINE-1]]:11: warning: submodule 'any' is reached from forward() only when 'train || x.size(0) > 1'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-parameter.cpp:[[@LINE+9]]:9: note: reached only under this condition
    other = register_module("other", torch::nn::Linear(4, 4));
    // CHECK: conditional-parameter.cpp:[[@LINE-1]]:13: warning: submodule 'other' is reached from forward() only when 'train && x.size(0) > 1' is false; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-parameter.cpp:[[@LINE+8]]:9: note: reached only when this condition is false
    rhs = register_module("rhs", torch::nn::Linear(4, 4));
    // CHECK: conditional-parameter.cpp:[[@LINE-1]]:11: warning: submodule 'rhs' is reached from forward() only when 'train' is false; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-parameter.cpp:[[@LINE+10]]:16: note: reached only when this condition is false
  }
  torch::Tensor forward(torch::Tensor x, bool train) {
    if (train || x.size(0) > 1) x = any(x);
    torch::Tensor y;
    if (train && x.size(0) > 1) {
      y = x;
    } else {
      y = other(x);
    }
    bool big = train || (y = rhs(x)).sum().item<double>() > 0;  // y keeps its gradient
    return big ? y : x;
  }
  torch::nn::Linear any{nullptr}, other{nullptr}, rhs{nullptr};
};
