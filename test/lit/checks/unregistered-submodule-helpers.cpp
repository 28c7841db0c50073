// nn-unregistered-submodule: registration through a helper's return value,
// at any depth where the helper's body is in the run.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <string>

using torch::nn::Module;
using torch::nn::Linear;
using torch::nn::Sequential;

// Registers the trunk on the module it is given and returns the holder.
Sequential make_trunk(Module &owner, int width) {
  Sequential trunk(Linear(width, width), torch::nn::ReLU());
  owner.register_module("trunk", trunk);
  return trunk;
}

// Two levels: a helper that returns another helper's result.
template <typename Owner>
Linear make_head(Owner &owner, const std::string &name, int width) {
  return owner.register_module(name, Linear(width, 1));
}
Linear make_classifier(Module &owner, int width) {
  auto head = make_head(owner, "classifier", width);
  return head;
}

// Builds a module but registers nothing.
Linear make_plain(int width) { return Linear(width, width); }

struct NetImpl : Module {
  NetImpl() {
    trunk_ = make_trunk(*this, 8);
    head_ = make_classifier(*this, 8);
    proj_ = make_plain(8);
  }
  torch::Tensor forward(torch::Tensor x) { return head_(proj_(trunk_->forward(x))); }
  Sequential trunk_{nullptr};
  Linear head_{nullptr};
  Linear proj_{nullptr};
  // CHECK: unregistered-submodule-helpers.cpp:[[@LINE-1]]:10: warning: submodule 'proj_' (Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-7]]:5: note: assigned here, in the constructor
};

// An own method that registers and returns, called from the constructor.
struct BlockImpl : Module {
  BlockImpl() {
    a = add("a");
    b = add("b");
  }
  Linear add(const std::string &name) { return register_module(name, Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return b(a(x)); }
  Linear a{nullptr}, b{nullptr};
};

// The helper is declared but its body is not in the run: silent.
Linear make_elsewhere(Module &owner);
struct UnseenImpl : Module {
  UnseenImpl() { fc = make_elsewhere(*this); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
};

// The same two levels, where the innermost helper forgets to register.
template <typename Owner>
Linear make_lost_head(Owner &owner, int width) {
  (void)owner;
  return Linear(width, 1);
}
Linear make_lost_classifier(Module &owner, int width) { return make_lost_head(owner, width); }
struct LostHeadImpl : Module {
  LostHeadImpl() { head_ = make_lost_classifier(*this, 8); }
  torch::Tensor forward(torch::Tensor x) { return head_(x); }
  Linear head_{nullptr};
  // CHECK: [[@LINE-1]]:10: warning: submodule 'head_' (Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-4]]:20: note: assigned here, in the constructor
};
