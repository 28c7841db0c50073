// nn-unregistered-submodule: every way a module can hold a submodule, the
// ways it registers one (loops, run-time names, helpers, base-class methods,
// macros, locals), and the cases that must stay silent.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <array>
#include <deque>
#include <list>
#include <map>
#include <unordered_map>

using namespace torch::nn;

// ---- Positives: one per way of holding a module --------------------------

struct HolderImpl : Module {
  HolderImpl() { fc = Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
  // CHECK: unregistered-submodule.cpp:[[@LINE-1]]:10: warning: submodule 'fc' (Linear) is never registered with register_module(); parameters(), to(), eval(), save and clone() do not see it [nn-unregistered-submodule]
  // CHECK: unregistered-submodule.cpp:[[@LINE-4]]:18: note: assigned here, in the constructor
};

struct SharedImpl : Module {
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }
  std::shared_ptr<LinearImpl> fc = std::make_shared<LinearImpl>(4, 4);
  // CHECK: [[@LINE-1]]:31: warning: submodule 'fc' (std::shared_ptr<LinearImpl>) is never registered with register_module(); parameters(), to(), eval(), save and clone() do not see it [nn-unregistered-submodule]
  // CHECK: [[@LINE-2]]:31: note: assigned here, in a default member initializer
};

struct ByValueImpl : Module {
  ByValueImpl() : fc(4, 4) {}
  torch::Tensor forward(torch::Tensor x) { return fc.forward(x); }
  LinearImpl fc;
  // CHECK: [[@LINE-1]]:14: warning: submodule 'fc' (LinearImpl) is never registered with register_module(); parameters(), to(), eval(), save and clone() do not see it [nn-unregistered-submodule]
  // CHECK: [[@LINE-4]]:19: note: assigned here, in the constructor
};

// Default-constructed: the Dropout exists, and eval() never turns it off.
struct DropoutImpl : Module {
  torch::Tensor forward(torch::Tensor x) { return drop(x); }
  Dropout drop;
  // CHECK: [[@LINE-1]]:11: warning: submodule 'drop' (Dropout) is never registered with register_module(); parameters(), to(), eval(), save and clone() do not see it [nn-unregistered-submodule]
};

// Stateless: only a note.
struct ReluImpl : Module {
  torch::Tensor forward(torch::Tensor x) { return act(x); }
  ReLU act;
  // CHECK: [[@LINE-1]]:8: note: submodule 'act' (ReLU) is never registered with register_module(); it has no state, so this only matters for printing and clone() [nn-unregistered-submodule]
};

// ---- Positives: every kind of container -----------------------------------

struct Bank {
  std::vector<Linear> items;
};

struct ContainersImpl : Module {
  ContainersImpl() {
    vec.push_back(Linear(4, 4));
    arr[0] = Linear(4, 4);
    carr[0] = Linear(4, 4);
    m["a"] = Linear(4, 4);
    um.emplace("a", Linear(4, 4));
    dq.push_front(Linear(4, 4));
    ls.emplace_back(4, 4);
    nested.push_back({Linear(4, 4)});
    bank.items.push_back(Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &l : vec) x = l(x);
    x = arr[0](x);
    x = carr[0](x);
    x = m["a"](x);
    x = um.at("a")(x);
    x = dq.front()(x);
    x = ls.front()(x);
    x = nested[0][0](x);
    return bank.items[0](x);
  }
  std::vector<Linear> vec;
  // CHECK: [[@LINE-1]]:23: warning: 'vec' holds submodules in a plain std::vector that is never registered; parameters(), to(), eval(), save and clone() do not see them (use torch::nn::ModuleList, ModuleDict or Sequential) [nn-unregistered-submodule]
  // CHECK: [[@LINE-23]]:5: note: filled here, in the constructor
  std::array<Linear, 1> arr{nullptr};
  // CHECK: [[@LINE-1]]:25: warning: 'arr' holds submodules in a plain std::array that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-25]]:5: note: filled here, in the constructor
  Linear carr[1] = {nullptr};
  // CHECK: [[@LINE-1]]:10: warning: 'carr' holds submodules in a plain C array that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-27]]:5: note: filled here, in the constructor
  std::map<std::string, Linear> m;
  // CHECK: [[@LINE-1]]:33: warning: 'm' holds submodules in a plain std::map that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-29]]:5: note: filled here, in the constructor
  std::unordered_map<std::string, Linear> um;
  // CHECK: [[@LINE-1]]:43: warning: 'um' holds submodules in a plain std::unordered_map that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-31]]:5: note: filled here, in the constructor
  std::deque<Linear> dq;
  // CHECK: [[@LINE-1]]:22: warning: 'dq' holds submodules in a plain std::deque that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-33]]:5: note: filled here, in the constructor
  std::list<Linear> ls;
  // CHECK: [[@LINE-1]]:21: warning: 'ls' holds submodules in a plain std::list that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-35]]:5: note: filled here, in the constructor
  std::vector<std::vector<Linear>> nested;
  // CHECK: [[@LINE-1]]:36: warning: 'nested' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-37]]:5: note: filled here, in the constructor
  Bank bank;
  // CHECK: [[@LINE-1]]:8: warning: 'bank' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-39]]:5: note: filled here, in the constructor
};

// A local that is never registered, pushed into a vector.
struct UnregisteredLocalImpl : Module {
  UnregisteredLocalImpl() {
    Linear layer(4, 4);
    layers.push_back(layer);
  }
  torch::Tensor forward(torch::Tensor x) { return layers[0](x); }
  std::vector<Linear> layers;
  // CHECK: [[@LINE-1]]:23: warning: 'layers' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-5]]:5: note: filled here, in the constructor
};

// Registered and fresh modules mixed in one list: the fresh one is lost.
struct MixedImpl : Module {
  MixedImpl() {
    fc = register_module("fc", Linear(4, 4));
    layers = {fc, Linear(4, 4)};
  }
  torch::Tensor forward(torch::Tensor x) { return layers[1](layers[0](x)); }
  Linear fc{nullptr};
  std::vector<Linear> layers;
  // CHECK: [[@LINE-1]]:23: warning: 'layers' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-6]]:5: note: assigned here, in the constructor
};

// A Sequential and a ModuleList are modules too: unregistered, they hide their layers.
struct UnregisteredListsImpl : Module {
  UnregisteredListsImpl() {
    list->push_back(Linear(4, 4));
    seq = Sequential(Linear(4, 4), ReLU());
  }
  torch::Tensor forward(torch::Tensor x) { return seq->forward(list[0]->as<Linear>()->forward(x)); }
  ModuleList list;
  // CHECK: [[@LINE-1]]:14: warning: submodule 'list' (ModuleList) is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-6]]:5: note: filled here, in the constructor
  Sequential seq{nullptr};
  // CHECK: [[@LINE-1]]:14: warning: submodule 'seq' (Sequential) is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-8]]:5: note: assigned here, in the constructor
};

// Class template, members that do not depend on the parameter.
template <typename T>
struct TemplateImpl : Module {
  TemplateImpl() { fc = Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
  // CHECK: [[@LINE-1]]:10: warning: submodule 'fc' (Linear) is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-4]]:20: note: assigned here, in the constructor
};

// Methods defined out of line.
struct OutOfLineImpl : Module {
  OutOfLineImpl();
  torch::Tensor forward(torch::Tensor x);
  Linear fc{nullptr};
  // CHECK: [[@LINE-1]]:10: warning: submodule 'fc' (Linear) is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE+6]]:3: note: assigned here, in the constructor
  std::vector<Conv2d> convs;
  // CHECK: [[@LINE-1]]:23: warning: 'convs' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE+4]]:3: note: filled here, in the constructor
};
OutOfLineImpl::OutOfLineImpl() {
  fc = Linear(4, 4);
  convs.push_back(Conv2d(1, 1, 3));
}
torch::Tensor OutOfLineImpl::forward(torch::Tensor x) { return convs[0](fc(x)); }

// A user module: stateless only if all it holds is stateless.
struct ActImpl : Module {
  ActImpl() { relu = register_module("relu", ReLU()); }
  torch::Tensor forward(torch::Tensor x) { return relu(x); }
  ReLU relu{nullptr};
};
TORCH_MODULE(Act);
struct UserModulesImpl : Module {
  UserModulesImpl() {
    act = Act();
    body = std::make_shared<HolderImpl>();
  }
  torch::Tensor forward(torch::Tensor x) { return body->forward(act(x)); }
  Act act{nullptr};
  // CHECK: [[@LINE-1]]:7: note: submodule 'act' (Act) is never registered with register_module(); it has no state{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-6]]:5: note: assigned here, in the constructor
  std::shared_ptr<HolderImpl> body;
  // CHECK: [[@LINE-1]]:31: warning: submodule 'body' (std::shared_ptr<HolderImpl>) is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-8]]:5: note: assigned here, in the constructor
};

// ---- Negatives -------------------------------------------------------------

// A holder left nullptr and never used.
struct SpareImpl : Module {
  SpareImpl() { fc = register_module("fc", Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
  Linear spare{nullptr};
};

// A plain Module whose container elements are all registered elsewhere.
struct ElsewhereImpl : Module {
  ElsewhereImpl() {
    fc1 = register_module("fc1", Linear(4, 4));
    fc2 = register_module("fc2", Linear(4, 4));
    layers = {fc1, fc2};
    seq = Sequential(fc1, fc2);
    appended->push_back(fc1);
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &l : layers) x = l(x);
    return appended->forward(seq->forward(x));
  }
  Linear fc1{nullptr}, fc2{nullptr};
  std::vector<Linear> layers;
  Sequential seq{nullptr};
  Sequential appended;
};

// Registered in loops with run-time names, by index, by range, through structured bindings.
struct LoopsImpl : Module {
  explicit LoopsImpl(int n) {
    for (int i = 0; i < n; ++i) blocks.push_back(register_module("b" + std::to_string(i), Linear(4, 4)));
    for (int i = 0; i < n; ++i) more.emplace_back(Linear(4, 4));
    for (size_t i = 0; i < more.size(); ++i) register_module("m" + std::to_string(i), more[i]);
    for (auto &[name, layer] : named) register_module(name, layer);
    for (auto &layer : ranged) register_module("r", layer);
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b(x);
    for (auto &b : more) x = b(x);
    for (auto &b : ranged) x = b(x);
    for (auto &kv : named) x = kv.second(x);
    return x;
  }
  std::vector<Linear> blocks, more, ranged;
  std::map<std::string, Linear> named;
};

// Registered through a local first, before or after it goes into the container.
struct LocalsImpl : Module {
  explicit LocalsImpl(int n) {
    for (int i = 0; i < n; ++i) {
      auto block = register_module("b" + std::to_string(i), Linear(4, 4));
      blocks.push_back(block);
    }
    Linear tail(4, 4);
    extra.push_back(tail);
    register_module("tail", tail);
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b(x);
    return extra[0](x);
  }
  std::vector<Linear> blocks, extra;
};

// Registered by a free helper, a base-class method and a macro.
void register_all(Module &owner, std::vector<Linear> &layers) {
  for (size_t i = 0; i < layers.size(); ++i) owner.register_module("h" + std::to_string(i), layers[i]);
}
struct BaseNet : Module {
  void add_layers(std::vector<Linear> &layers, const std::string &prefix) {
    for (size_t i = 0; i < layers.size(); ++i) register_module(prefix + std::to_string(i), layers[i]);
  }
};
#define REGISTER(name, ...) name = register_module(#name, __VA_ARGS__)
struct HelpedImpl : BaseNet {
  HelpedImpl() {
    a.push_back(Linear(4, 4));
    register_all(*this, a);
    b.push_back(Linear(4, 4));
    add_layers(b, "b");
    REGISTER(c, Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return c(b[0](a[0](x))); }
  std::vector<Linear> a, b;
  Linear c{nullptr};
};

// ModuleList, ModuleDict and Sequential registered as such; this-> spelled out.
struct ListsImpl : Module {
  ListsImpl() {
    list = register_module("list", ModuleList(Linear(4, 4)));
    seq = this->register_module("seq", Sequential(Linear(4, 4), ReLU()));
    dict = register_module("dict", ModuleDict());
  }
  torch::Tensor forward(torch::Tensor x) { return seq->forward(x) + list[0]->as<Linear>()->forward(x); }
  ModuleList list;
  Sequential seq{nullptr};
  ModuleDict dict{nullptr};
};

// Assigned in the constructor initialiser, registered in the body.
struct InitListImpl : Module {
  InitListImpl() : fc(Linear(4, 4)), bn(BatchNorm1d(4)) {
    register_module("fc", fc);
    register_module("bn", bn);
  }
  torch::Tensor forward(torch::Tensor x) { return bn(fc(x)); }
  Linear fc;
  BatchNorm1d bn;
};

// Registered in a method the constructor calls.
struct LateImpl : Module {
  LateImpl() { build(); }
  void build() { fc = register_module("fc", Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
};

// A raw pointer does not own the module: silent.
struct RawPointerImpl : Module {
  explicit RawPointerImpl(LinearImpl *shared) : fc(shared) {}
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }
  LinearImpl *fc;
};

// A method whose body was not seen might register it: silent.
struct PartlySeenImpl : Module {
  PartlySeenImpl() { fc = Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x);
  Linear fc{nullptr};
};

// Passed to a function whose body was not seen: silent.
void keep(Linear &layer);
struct OpaqueImpl : Module {
  OpaqueImpl() {
    fc = Linear(4, 4);
    keep(fc);
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr};
};
