// nn-unregistered-submodule and default member initialisers: every
// constructor that does not initialise a member runs its initialiser, so a
// register_module() there registers it, whether written by hand or by a
// macro (one expansion may write the member and its registration).
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
namespace nn = torch::nn;
using torch::Tensor;
#define LAYER(name) nn::Linear name{nullptr}
#define REG_LAYER(name, i, o) nn::Linear name = register_module(#name, nn::Linear(i, o))
#define REG_LAYER_BRACED(name, i, o) nn::Linear name{register_module(#name, nn::Linear(i, o))}
#define FIELD(T, name, ...) T name{__VA_ARGS__}
#define MAKE_AND_REGISTER(name) register_module(#name, name = nn::Linear(4, 4))
// Declared by a macro, registered in the constructor.
struct MacroMembersImpl : nn::Module {
  MacroMembersImpl() {
    a = register_module("a", nn::Linear(4, 4));
    b = register_module("b", nn::Linear(4, 4));
  }
  Tensor forward(Tensor x) { return b(a(x)); }
  LAYER(a);
  LAYER(b);
};
// Declared and registered by a macro, in the initialiser.
struct MacroRegisteredImpl : nn::Module {
  MacroRegisteredImpl() {}
  explicit MacroRegisteredImpl(int) {}
  Tensor forward(Tensor x) { return d(c(x)); }
  REG_LAYER(c, 4, 4);
  REG_LAYER_BRACED(d, 4, 4);
};
// Registered in the initialiser, written by hand: each form.
struct InitialiserFormsImpl : nn::Module {
  explicit InitialiserFormsImpl(int n) : n_(n) {}
  Tensor forward(Tensor x) { return h(g->forward(f(e(x)))); }
  int n_;
  nn::Linear e = register_module("e", nn::Linear(4, 4));
  nn::Linear f{register_module("f", nn::Linear(nn::LinearOptions(4, 4).bias(false)))};
  std::shared_ptr<nn::LinearImpl> g = register_module("g", std::make_shared<nn::LinearImpl>(4, 4));
  nn::Linear h = register_module<nn::LinearImpl>("h", nn::Linear(4, 4));
  torch::Tensor w = register_parameter("w", torch::randn({4}));
};
// Made in the initialiser, registered in the constructor; or by the constructor's own initialiser.
struct RegisteredLaterImpl : nn::Module {
  RegisteredLaterImpl() : k(register_module("k", nn::Linear(4, 4))) {
    register_module("i", i);
    register_module("j", j);
    l = register_module("l", nn::Conv2d(nn::Conv2dOptions(1, 1, 3)));
  }
  Tensor forward(Tensor x) { return l(k(j(i(x)))); }
  nn::Linear i{4, 4};
  nn::Linear j = nn::Linear(4, 4);
  FIELD(nn::Linear, k, nullptr);
  FIELD(nn::Conv2d, l, nullptr);
};
// A list registered in its initialiser holds what is pushed into it; a
// registration whose value is the assignment of the member, from a macro.
struct RegisteredListImpl : nn::Module {
  RegisteredListImpl() {
    MAKE_AND_REGISTER(r);
    for (int i = 0; i < 2; ++i) {
      auto l = nn::Linear(4, 4);
      list->push_back(l);
      plain.push_back(l);
    }
  }
  Tensor forward(Tensor x) {
    for (auto &l : plain) x = l(x);
    return r(x);
  }
  nn::Linear r{nullptr};
  nn::ModuleList list = register_module("list", nn::ModuleList());
  std::vector<nn::Linear> plain;
};
// Made in the initialiser and never registered: still reported, at the member.
struct UnregisteredInitialiserImpl : nn::Module {
  UnregisteredInitialiserImpl() { q = register_module("q", nn::Linear(4, 4)); }
  Tensor forward(Tensor x) { return q(m(p(x))); }
  nn::Linear p{4, 4};
  // CHECK: member-initializers.cpp:[[@LINE-1]]:14: warning: submodule 'p' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: member-initializers.cpp:[[@LINE-2]]:14: note: assigned here, in a default member initializer
  FIELD(nn::Linear, m, 4, 4);
  // CHECK: member-initializers.cpp:[[@LINE-1]]:3: warning: submodule 'm' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: member-initializers.cpp:[[@LINE-2]]:3: note: assigned here, in a default member initializer
  LAYER(q);
};
