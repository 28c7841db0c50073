// nn-unregistered-submodule and callables: a registered module reached through
// a std::function (a member, a container of them, a local called like a
// helper), std::bind, a Functional or a function pointer is the same
// registered object. Emplacing a callable into a container of callables
// constructs no module. A std::function whose body is not seen returns a
// module that may be registered; one made from a visible lambda is followed.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
#include <functional>
#include <map>
#include <vector>
namespace nn = torch::nn;
using torch::Tensor;
// Callables holding registered modules, and one holding none, emplaced.
struct LayerListImpl : nn::Module {
  LayerListImpl() {
    auto l1 = register_module("l1", nn::Linear(4, 4));
    nn::Linear l2(4, 4);
    register_module("l2", l2);
    layers.push_back([l1](Tensor x) { return l1->forward(x); });
    layers.push_back([=](Tensor x) mutable { return l2(x); });
    layers.emplace_back([](Tensor x) { return torch::relu(x); });
  }
  Tensor forward(Tensor x) {
    for (auto &f : layers) x = f(x);
    return x;
  }
  std::vector<std::function<Tensor(Tensor)>> layers;
};
// A map of callables: init capture, reference capture, a capture-less lambda emplaced.
struct ActivationMapImpl : nn::Module {
  ActivationMapImpl() {
    auto h = register_module("h", nn::Linear(4, 4));
    acts["h"] = [m = h](Tensor x) { return m->forward(x); };
    acts.emplace("relu", [](Tensor x) { return torch::relu(x); });
    auto &g = *register_module("g", std::make_shared<nn::LinearImpl>(4, 4));
    acts["g"] = [&g](Tensor x) { return g.forward(x); };
  }
  Tensor forward(Tensor x) { return acts["relu"](acts["g"](acts["h"](x))); }
  std::map<std::string, std::function<Tensor(Tensor)>> acts;
};
// A member registered through a std::function that wraps a registering lambda,
// and one built by a std::function factory, then registered.
struct StoredRegistrarImpl : nn::Module {
  StoredRegistrarImpl() {
    std::function<nn::Linear(const std::string &, nn::Linear)> reg = [this](const std::string &n, nn::Linear l) {
      return nn::Linear(register_module(n, l));
    };
    fc = reg("fc", nn::Linear(4, 4));
    std::function<nn::Linear(int)> make = [](int n) { return nn::Linear(n, n); };
    out = register_module("out", make(4));
    std::function<void()> init = [this] { tail = register_module("tail", nn::Linear(4, 4)); };
    init();
  }
  Tensor forward(Tensor x) { return tail(out(fc(x))); }
  nn::Linear fc{nullptr}, out{nullptr}, tail{nullptr};
};
// A std::function member whose default initialiser is a registering lambda.
struct MemberRegistrarImpl : nn::Module {
  MemberRegistrarImpl() { fc = reg_("fc", nn::Linear(4, 4)); }
  Tensor forward(Tensor x) { return fc(x); }
  nn::Linear fc{nullptr};
  std::function<nn::Linear(const std::string &, nn::Linear)> reg_ = [this](const std::string &n, nn::Linear l) {
    return nn::Linear(register_module(n, l));
  };
};
// A std::function given by the caller: what it returns may be registered there.
struct GivenFactoryImpl : nn::Module {
  explicit GivenFactoryImpl(std::function<nn::Linear(int)> make) {
    fc = make(4);
    register_module("fc", fc);
    head = make(4);
  }
  Tensor forward(Tensor x) { return head(fc(x)); }
  nn::Linear fc{nullptr}, head{nullptr};
};
// std::bind, holders copied into std::function, Functional, function pointers.
Tensor gelu(Tensor x) { return torch::gelu(x); }
struct BoundImpl : nn::Module {
  BoundImpl() {
    fc = register_module("fc", nn::Linear(4, 4));
    f = std::bind(&nn::LinearImpl::forward, fc.get(), std::placeholders::_1);
    auto p = register_module("p", nn::Linear(4, 4));
    g = std::bind(&nn::LinearImpl::forward, p, std::placeholders::_1);
    auto q = nn::Linear(4, 4);
    register_module("q", q);
    h = q;
    fn = register_module("fn", nn::Functional([p](Tensor x) { return p->forward(x); }));
    act = gelu;
    act2 = &gelu;
  }
  Tensor forward(Tensor x) { return act2(act(fn(h(g(f(x)))))); }
  nn::Linear fc{nullptr};
  nn::Functional fn{nullptr};
  std::function<Tensor(Tensor)> f, g, h, act;
  Tensor (*act2)(Tensor);
};
// A closure is the only owner of a module nobody registers: still reported.
struct UnregisteredClosureImpl : nn::Module {
  UnregisteredClosureImpl() {
    auto p = nn::Linear(4, 4);
    layers.emplace_back([p](Tensor x) mutable { return p(x); });
    // CHECK: unregistered-submodule-std-function.cpp:[[@LINE-1]]:5: warning: 'layers' is given a callable that holds a submodule created here and never registered with register_module(){{.*}} [nn-unregistered-submodule]
    std::function<nn::Linear(int)> make = [](int n) { return nn::Linear(n, n); };
    head = make(4);
  }
  Tensor forward(Tensor x) {
    for (auto &f : layers) x = f(x);
    return head(x);
  }
  nn::Linear head{nullptr};
  // CHECK: unregistered-submodule-std-function.cpp:[[@LINE-1]]:14: warning: submodule 'head' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: :[[@LINE-8]]:5: note: assigned here, in the constructor
  std::vector<std::function<Tensor(Tensor)>> layers;
};
