// A submodule used only when the caller passes an optional input
// (`aux.defined()`, `aux.numel() > 0`, an optional that has a value): whether
// every iteration and rank passes it is decided outside forward(), so this is
// a note. A condition on the input's values still varies per iteration.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

struct FuseImpl : torch::nn::Module {
  FuseImpl(int64_t c, int64_t aux_c) {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(c, c, 3).padding(1)));
    if (aux_c > 0) aux_conv = register_module("aux_conv", torch::nn::Sequential(torch::nn::Conv2d(aux_c, c, 1)));
    // CHECK: conditional-optional-input.cpp:[[@LINE-1]]:31: note: submodule 'aux_conv' is reached from forward() only when 'aux.numel() > 0', that is when the caller passes that input; a caller that passes it on some iterations or ranks only leaves it without a gradient there [nn-conditional-parameter]
    // CHECK: [[@LINE+10]]:9: note: reached only under this condition
    else aux_conv = register_module("aux_conv", torch::nn::Sequential(torch::nn::Identity()));
    // CHECK: [[@LINE-1]]:21: note: submodule 'aux_conv' is reached from forward() only when 'aux.numel() > 0', that is when the caller passes that input
    // CHECK: [[@LINE+7]]:9: note: reached only under this condition
    gate = register_module("gate", torch::nn::Linear(c, c));
    // CHECK: [[@LINE-1]]:12: note: submodule 'gate' is reached from forward() only when 'mask', that is when the caller passes that input
    // CHECK: [[@LINE+5]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor aux, c10::optional<torch::Tensor> mask) {
    x = conv(x);
    if (aux.numel() > 0) x += aux_conv->forward(aux);
    if (mask) x = x * torch::sigmoid(gate(mask.value()));
    return x;
  }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::Sequential aux_conv{nullptr};
  torch::nn::Linear gate{nullptr};
};

// The input's values, or its presence together with them: varies per iteration.
struct ValuesImpl : torch::nn::Module {
  ValuesImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor aux) {
    if (aux.defined() && aux.size(0) > 4) x = x + fc(aux);
    return x;
  }
  torch::nn::Linear fc{nullptr};
};
// CHECK: conditional-optional-input.cpp:[[@LINE-8]]:10: warning: submodule 'fc' is reached from forward() only when 'aux.defined() && aux.size(0) > 4'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
// CHECK: [[@LINE-6]]:9: note: reached only under this condition

// The callers in the run decide: one that passes the input on some iterations
// only, or two calls that differ, make it a warning at the registration with a
// note at the call; calls that all pass it make it silent.
struct LabeledImpl : torch::nn::Module {
  LabeledImpl() {
    embed = register_module("embed", torch::nn::Embedding(10, 4));
    // CHECK: conditional-optional-input.cpp:[[@LINE-1]]:13: warning: submodule 'embed' is reached from forward() only when 'labels.defined()'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: [[@LINE+6]]:9: note: reached only under this condition
    // CHECK: [[@LINE+15]]:14: note: this call of forward() passes that input on some iterations only
    fc = register_module("fc", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor z, torch::Tensor labels = {}) {
    z = fc(z);
    if (labels.defined()) z = z * embed(labels);
    return z;
  }
  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Labeled);

void train_labeled(Labeled model, torch::optim::Optimizer &opt, torch::Tensor z, torch::Tensor labels) {
  bool drop = torch::rand({1}).item<float>() < 0.1f;
  auto out = model->forward(z, drop ? torch::Tensor() : labels);
  out.sum().backward();
  opt.step();
}

struct TwoCallsImpl : torch::nn::Module {
  TwoCallsImpl() {
    embed = register_module("embed", torch::nn::Embedding(10, 4));
    // CHECK: [[@LINE-1]]:13: warning: submodule 'embed' is reached from forward() only when 'labels.defined()'; on other iterations it gets no gradient
    // CHECK: [[@LINE+4]]:9: note: reached only under this condition
    // CHECK: [[@LINE+14]]:24: note: this call of forward() leaves that input out, while another call passes it
  }
  torch::Tensor forward(torch::Tensor z, torch::Tensor labels = {}) {
    if (labels.defined()) z = z * embed(labels);
    return z;
  }
  torch::nn::Embedding embed{nullptr};
};
TORCH_MODULE(TwoCalls);

void train_two(TwoCalls model, torch::optim::Optimizer &opt, torch::Tensor z, torch::Tensor labels) {
  auto conditional = model->forward(z, labels);
  conditional.sum().backward();
  opt.step();
  auto unconditional = model(z);
  unconditional.sum().backward();
  opt.step();
}

// Every call passes every input: silent (FuseImpl above has no caller: notes).
struct AlwaysImpl : torch::nn::Module {
  AlwaysImpl() { embed = register_module("embed", torch::nn::Embedding(10, 4)); }
  torch::Tensor forward(torch::Tensor z, torch::Tensor labels = {}) {
    if (labels.defined()) z = z * embed(labels);
    return z;
  }
  torch::nn::Embedding embed{nullptr};
};
TORCH_MODULE(Always);

void train_always(Always model, torch::optim::Optimizer &opt, torch::Tensor z, torch::Tensor labels) {
  auto out = model(z, labels);
  out.sum().backward();
  opt.step();
}
