// A call through a pointer to a member function reaches every method the
// pointer member is given in the run; when those are not all known (a value
// from outside, a use that may change it), it may reach any method: silent.
// RUN: %if !other-torch %{ %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

// Chosen in the constructor by a flag.
struct MixImpl : torch::nn::Module {
  MixImpl(bool sum) {
    a = register_module("a", torch::nn::Linear(4, 4));
    b = register_module("b", torch::nn::Linear(4, 4));
    mix_ = sum ? &MixImpl::sum_mix : &MixImpl::prod_mix;
  }
  torch::Tensor sum_mix(torch::Tensor h) { return a(h) + b(h); }
  torch::Tensor prod_mix(torch::Tensor h) { return a(h) * b(h); }
  torch::Tensor forward(torch::Tensor h) { return (this->*mix_)(h); }
  torch::nn::Linear a{nullptr}, b{nullptr};
  torch::Tensor (MixImpl::*mix_)(torch::Tensor);
};

// Given in the constructor's initialiser list and in a default member
// initialiser, called through `(*this).*`.
class GateImpl : public torch::nn::Module {
 public:
  using Step = torch::Tensor (GateImpl::*)(torch::Tensor);
  explicit GateImpl(bool gated) : first_(gated ? &GateImpl::gated : &GateImpl::plain) {
    gate = register_module("gate", torch::nn::Linear(4, 4));
    body = register_module("body", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor h) { return ((*this).*second_)(((*this).*first_)(h)); }

 private:
  torch::Tensor gated(torch::Tensor h) { return torch::sigmoid(gate(h)) * h; }
  torch::Tensor plain(torch::Tensor h) { return h; }
  torch::Tensor finish(torch::Tensor h) { return body(h); }
  torch::nn::Linear gate{nullptr}, body{nullptr};
  Step first_;
  Step second_ = &GateImpl::finish;
};

// The pointer comes from the caller: which method runs is not known.
struct ChosenImpl : torch::nn::Module {
  using Step = torch::Tensor (ChosenImpl::*)(torch::Tensor);
  explicit ChosenImpl(Step step) : step_(step) { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor project(torch::Tensor h) { return fc(h); }
  torch::Tensor forward(torch::Tensor h) { return (this->*step_)(h); }
  torch::nn::Linear fc{nullptr};
  Step step_;
};

// Its address is taken, so it may change where nnlint does not look.
struct EscapedImpl : torch::nn::Module {
  using Step = torch::Tensor (EscapedImpl::*)(torch::Tensor);
  EscapedImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor identity(torch::Tensor h) { return h; }
  torch::Tensor project(torch::Tensor h) { return fc(h); }
  torch::Tensor forward(torch::Tensor h) { return (this->*step_)(h); }
  Step *where() { return &step_; }
  torch::nn::Linear fc{nullptr};
  Step step_ = &EscapedImpl::identity;
};

// A local pointer: any method.
struct LocalImpl : torch::nn::Module {
  LocalImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor project(torch::Tensor h) { return fc(h); }
  torch::Tensor identity(torch::Tensor h) { return h; }
  torch::Tensor forward(torch::Tensor h) {
    auto step = h.dim() > 1 ? &LocalImpl::identity : &LocalImpl::project;
    return (this->*step)(h);
  }
  torch::nn::Linear fc{nullptr};
};

// Every method the pointer is given is known, and none uses `extra`.
struct ProjImpl : torch::nn::Module {
  ProjImpl(bool twice) {
    a = register_module("a", torch::nn::Linear(4, 4));
    extra = register_module("extra", torch::nn::Linear(4, 4));
    // CHECK: method-pointer-dispatch.cpp:[[@LINE-1]]:13: note: submodule 'extra' is not reached from forward(), only from debug_mix(); if training calls only forward(), it gets no gradient [nn-unused-parameter]
    // CHECK: method-pointer-dispatch.cpp:[[@LINE+6]]:17: note: reached from debug_mix(), a second entry point
    if (twice) mix_ = &ProjImpl::twice_mix;
    else mix_ = &ProjImpl::once_mix;
  }
  torch::Tensor once_mix(torch::Tensor h) { return a(h); }
  torch::Tensor twice_mix(torch::Tensor h) { return a(a(h)); }
  torch::Tensor debug_mix(torch::Tensor h) { return extra(h); }
  torch::Tensor forward(torch::Tensor h) { return (this->*mix_)(h); }
  torch::nn::Linear a{nullptr}, extra{nullptr};
  torch::Tensor (ProjImpl::*mix_)(torch::Tensor) = nullptr;
};
