// nn-unregistered-submodule: raw owning pointers, AnyModule members, and
// member types that depend on a class template's parameter.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <array>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace nn = torch::nn;

// ---- Raw pointers -----------------------------------------------------------

// `new` in the constructor, `delete` in the destructor: owned, never registered.
struct OwnedImpl : nn::Module {
  OwnedImpl() : fc(new nn::LinearImpl(4, 4)) {}
  ~OwnedImpl() override { delete fc; }
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }
  nn::LinearImpl *fc;
  // CHECK: unregistered-submodule-ownership.cpp:[[@LINE-1]]:19: warning: submodule 'fc' (nn::LinearImpl *) is created with new and owned through a raw pointer, but never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-5]]:17: note: assigned here, in the constructor
};

// The same, assigned in the body.
struct OwnedLaterImpl : nn::Module {
  OwnedLaterImpl() { conv = new nn::Conv2dImpl(nn::Conv2dOptions(1, 4, 3)); }
  ~OwnedLaterImpl() override { delete conv; }
  torch::Tensor forward(torch::Tensor x) { return conv->forward(x); }
  nn::Conv2dImpl *conv = nullptr;
  // CHECK: [[@LINE-1]]:19: warning: submodule 'conv' (nn::Conv2dImpl *) is created with new and owned through a raw pointer, but never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-5]]:22: note: assigned here, in the constructor
};

// Weight tying: a non-owning pointer to a registered module stays silent.
struct TiedImpl : nn::Module {
  TiedImpl() {
    emb = register_module("emb", nn::Embedding(16, 4));
    out = emb.get();
    also = &*emb;
  }
  torch::Tensor forward(torch::Tensor x) { return out->forward(x) + also->forward(x); }
  nn::Embedding emb{nullptr};
  nn::EmbeddingImpl *out = nullptr;
  nn::EmbeddingImpl *also = nullptr;
};

// A raw pointer handed to a shared_ptr that is registered: the registry owns it.
struct AdoptedImpl : nn::Module {
  AdoptedImpl() {
    raw = new nn::LinearImpl(4, 4);
    register_module("raw", std::shared_ptr<nn::LinearImpl>(raw));
  }
  torch::Tensor forward(torch::Tensor x) { return raw->forward(x); }
  nn::LinearImpl *raw;
};

// A pointer given by the caller: not ours to register.
struct BorrowedImpl : nn::Module {
  explicit BorrowedImpl(nn::LinearImpl *shared) { fc = shared; }
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }
  nn::LinearImpl *fc;
};

// `new Linear(...)` makes a holder on the heap: `*p` is the module, registered
// or not like any other.
struct HeapHolderImpl : nn::Module {
  HeapHolderImpl() { head = new nn::Linear(4, 2); }
  ~HeapHolderImpl() override { delete head; }
  torch::Tensor forward(torch::Tensor x) { return (*head)(x); }
  nn::Linear *head = nullptr;
  // CHECK: [[@LINE-1]]:15: warning: submodule 'head' (nn::Linear *) is created with new and owned through a raw pointer, but never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-5]]:22: note: assigned here, in the constructor
};

// Silent: the same, registered through `*p`; and a ModuleList that is itself
// never registered, but every module pushed into it is: parameters(), to(),
// eval() and save reach each of them.
struct HeapRegisteredImpl : nn::Module {
  explicit HeapRegisteredImpl(int blocks) {
    for (int i = 0; i < blocks; ++i) {
      auto *conv = new nn::Conv2d(nn::Conv2dOptions(4, 4, 3));
      convs->push_back(*conv);
      register_module("conv" + std::to_string(i), *conv);
    }
    head = new nn::Linear(4, 2);
    register_module("head", *head);
  }
  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < convs->size(); ++i) x = convs[i]->as<nn::Conv2d>()->forward(x);
    return (*head)(x);
  }
  nn::ModuleList convs = nn::ModuleList();
  nn::Linear *head = nullptr;
};

// The same ModuleList, with modules that nobody registers.
struct ListOnlyImpl : nn::Module {
  explicit ListOnlyImpl(int blocks) {
    for (int i = 0; i < blocks; ++i) convs->push_back(nn::Conv2d(nn::Conv2dOptions(4, 4, 3)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < convs->size(); ++i) x = convs[i]->as<nn::Conv2d>()->forward(x);
    return x;
  }
  nn::ModuleList convs = nn::ModuleList();
  // CHECK: [[@LINE-1]]:18: warning: submodule 'convs' (nn::ModuleList) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-8]]:38: note: filled here, in the constructor
};

// ---- AnyModule ----------------------------------------------------------------

struct AnyHeadImpl : nn::Module {
  AnyHeadImpl() : head(nn::Linear(4, 2)) {}
  torch::Tensor forward(torch::Tensor x) { return head.forward(x); }
  nn::AnyModule head;
  // CHECK: [[@LINE-1]]:17: warning: submodule 'head' (nn::AnyModule) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-4]]:19: note: assigned here, in the constructor
};

struct AnyRegisteredImpl : nn::Module {
  AnyRegisteredImpl() : head(nn::Linear(4, 2)) { register_module("head", head.ptr()); }
  torch::Tensor forward(torch::Tensor x) { return head.forward(x); }
  nn::AnyModule head;
};

// ---- Class templates -----------------------------------------------------------

// A std::array whose size is a template parameter.
template <size_t N>
struct StackImpl : nn::Module {
  StackImpl() {
    for (auto &stage : stages) stage = nn::Sequential(nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &stage : stages) x = stage->forward(x);
    return x;
  }
  std::array<nn::Sequential, N> stages;
  // CHECK: [[@LINE-1]]:33: warning: 'stages' holds submodules in a plain std::array that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-8]]:32: note: filled here, in the constructor
};

// A vector of the template parameter: known from the instantiations seen.
template <typename Block>
struct TowerImpl : nn::Module {
  explicit TowerImpl(int depth) {
    for (int i = 0; i < depth; ++i) blocks.push_back(Block(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b(x);
    return x;
  }
  std::vector<Block> blocks;
  // CHECK: [[@LINE-1]]:22: warning: 'blocks' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-8]]:37: note: filled here, in the constructor
};

// The same tower, registered.
template <typename Block>
struct GoodTowerImpl : nn::Module {
  explicit GoodTowerImpl(int depth) {
    for (int i = 0; i < depth; ++i) blocks.push_back(register_module("b" + std::to_string(i), Block(4, 4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b(x);
    return x;
  }
  std::vector<Block> blocks;
};

// ---- Builders ---------------------------------------------------------------

// A module class with no forward() that only builds a Sequential and hands it
// out: the caller trains, moves and saves the returned module (DCGAN examples).
struct GeneratorBuilder : nn::Module {
  GeneratorBuilder() { main = nn::Sequential(nn::Linear(4, 8), nn::ReLU(), nn::Linear(8, 4)); }
  nn::Sequential get_module() { return main; }

 private:
  nn::Sequential main;
};

// With a forward() the model is trained through the owner, and a getter does
// not make up for the missing registration.
struct GetterModelImpl : nn::Module {
  GetterModelImpl() { body = nn::Sequential(nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return body->forward(x); }
  nn::Sequential get_body() { return body; }
  nn::Sequential body;
  // CHECK: [[@LINE-1]]:18: warning: submodule 'body' (nn::Sequential) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-5]]:23: note: assigned here, in the constructor
};

// A builder whose member is used but never handed out still loses it.
struct HiddenBuilder : nn::Module {
  HiddenBuilder() { main = nn::Sequential(nn::Linear(4, 4)); }
  void print_size() { std::cout << main->size(); }
  nn::Sequential main;
  // CHECK: [[@LINE-1]]:18: warning: submodule 'main' (nn::Sequential) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-4]]:21: note: assigned here, in the constructor
};

inline void build_all() {
  StackImpl<2> stack;
  TowerImpl<nn::Linear> tower(3);
  GoodTowerImpl<nn::Linear> good(3);
}
