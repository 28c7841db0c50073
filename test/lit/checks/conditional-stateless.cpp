// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// Modules without parameters cannot miss a gradient: what they are built
// from decides, not their names.
#include <torch/torch.h>

// Registers only a buffer: nothing trainable.
struct RunningMeanImpl : torch::nn::Module {
  RunningMeanImpl() { mean = register_buffer("mean", torch::zeros({4})); }
  torch::Tensor forward(torch::Tensor x) { return x - mean; }
  torch::Tensor mean;
};
TORCH_MODULE(RunningMean);

// A parameter that does not require grad, in a user module.
struct FrozenScaleImpl : torch::nn::Module {
  FrozenScaleImpl() { scale = register_parameter("scale", torch::ones({4}), /*requires_grad=*/false); }
  torch::Tensor forward(torch::Tensor x) { return x * scale; }
  torch::Tensor scale;
};
TORCH_MODULE(FrozenScale);

struct PoolingImpl : torch::nn::Module {
  PoolingImpl() {
    body = register_module("body", torch::nn::Linear(4, 4));
    pool = register_module("pool", torch::nn::Sequential(torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(2)),
                                                         torch::nn::ReLU(), torch::nn::Flatten()));
    tail->push_back(torch::nn::Identity());
    tail->push_back(torch::nn::Dropout(0.5));
    tail = register_module("tail", tail);
    list = register_module("list", torch::nn::ModuleList(torch::nn::ReLU(), torch::nn::Sigmoid()));
    norm = register_module("norm", RunningMean());
    frozen = register_module("frozen", FrozenScale());
    learned = register_module("learned", torch::nn::Sequential(torch::nn::Linear(4, 4), torch::nn::ReLU()));
    // CHECK: conditional-stateless.cpp:[[@LINE-1]]:15: warning: submodule 'learned' is reached from forward() only when 'x.dim() == 4'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-stateless.cpp:[[@LINE+11]]:9: note: reached only under this condition
    act = register_module("act", torch::nn::GELU());
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 1, 3)));
    // CHECK: conditional-stateless.cpp:[[@LINE-1]]:12: warning: submodule 'conv' is reached from forward() only when 'x.dim() == 4'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-stateless.cpp:[[@LINE+7]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    x = body(x);
    if (x.size(0) > 1) x = norm(frozen(act(x)));
    if (x.sum().item<double>() > 0) x = tail->forward(x);
    if (x.size(1) > 2) x = list[0]->as<torch::nn::ReLU>()->forward(x);
    if (x.dim() == 4) {
      x = pool->forward(conv(x));
      x = learned->forward(x);
    }
    return x;
  }
  torch::nn::Linear body{nullptr};
  torch::nn::Sequential pool{nullptr}, tail, learned{nullptr};
  torch::nn::ModuleList list{nullptr};
  RunningMean norm{nullptr};
  FrozenScale frozen{nullptr};
  torch::nn::GELU act{nullptr};
  torch::nn::Conv2d conv{nullptr};
};
