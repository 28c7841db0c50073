// A holder that nothing ever gives a module, used on every path through
// forward(): the first call throws "Accessing empty ModuleHolder". Anything
// that may give it a module keeps the check silent.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <memory>

struct HeadlessImpl : torch::nn::Module {
  HeadlessImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return head(fc(x)); }
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear head{nullptr};
  // CHECK: unregistered-submodule-empty-holder.cpp:[[@LINE-1]]:21: warning: submodule 'head' (torch::nn::Linear) is never given a module: it is empty when forward() uses it, which throws 'Accessing empty ModuleHolder'; construct it and register it with register_module() [nn-unregistered-submodule]
};

// Reached through an own method; a shared_ptr never made.
class TrunkImpl : public torch::nn::Module {
 public:
  TrunkImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return project(fc(x)); }

 private:
  torch::Tensor project(torch::Tensor x) { return out->forward(x); }
  torch::nn::Linear fc{nullptr};
  std::shared_ptr<torch::nn::LinearImpl> out;
  // CHECK: unregistered-submodule-empty-holder.cpp:[[@LINE-1]]:42: warning: submodule 'out' (std::shared_ptr<torch::nn::LinearImpl>) is never given a module: it is empty when forward() uses it, which throws or dereferences a null pointer; construct it and register it with register_module()
};

// Used only when it was given one: silent.
struct OptionalHeadImpl : torch::nn::Module {
  OptionalHeadImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) {
    x = fc(x);
    if (!head.is_empty()) x = head(x);
    return x;
  }
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear head{nullptr};
};

// Given a module from outside the class: silent.
struct ReplaceableImpl : torch::nn::Module {
  ReplaceableImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return classifier(fc(x)); }
  torch::nn::Linear fc{nullptr};
  torch::nn::Linear classifier{nullptr};
};
void fine_tune(std::shared_ptr<ReplaceableImpl> model) {
  model->classifier = model->register_module("classifier", torch::nn::Linear(4, 2));
}

// Given one by a helper, a subclass, or through a reference it hands out: silent.
void attach(torch::nn::Linear &slot) { slot = torch::nn::Linear(4, 4); }
struct HelperBuiltImpl : torch::nn::Module {
  HelperBuiltImpl() { attach(head); register_module("head", head); }
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  torch::nn::Linear head{nullptr};
};
struct BaseHeadImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  torch::nn::Linear head{nullptr};
};
struct DerivedHeadImpl : BaseHeadImpl {
  DerivedHeadImpl() { head = register_module("head", torch::nn::Linear(4, 4)); }
};
struct HandsOutImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  torch::nn::Linear &slot() { return head; }
  torch::nn::Linear head{nullptr};
};
