// nn-unregistered-submodule and type-erased layer lists: an AnyModule, a
// std::shared_ptr<Module> or a base holder made from a registered module is
// that module; a module pushed into a registered ModuleList or Sequential (or
// one registered later) is its child, so a plain list that also holds it is
// registered.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
#include <memory>
#include <vector>
namespace nn = torch::nn;
using torch::Tensor;
// Elements registered one by one.
struct AnyListImpl : nn::Module {
  AnyListImpl() {
    for (int i = 0; i < 3; ++i) {
      auto l = register_module("l" + std::to_string(i), nn::Linear(4, 4));
      layers.push_back(nn::AnyModule(l));
    }
    layers.emplace_back(register_module("act", nn::ReLU()));
    std::shared_ptr<nn::Module> m = register_module("m", nn::Linear(4, 4));
    mods.push_back(m);
    mods.push_back(std::dynamic_pointer_cast<nn::Module>(register_module("d", std::make_shared<nn::LinearImpl>(4, 4))));
  }
  Tensor forward(Tensor x) {
    for (auto &m : layers) x = m.forward(x);
    for (auto &m : mods) x = m->as<nn::Linear>()->forward(x);
    return x;
  }
  std::vector<nn::AnyModule> layers;
  std::vector<std::shared_ptr<nn::Module>> mods;
};
// The same modules kept in a registered Sequential or ModuleList and in plain lists.
struct MirroredImpl : nn::Module {
  MirroredImpl() {
    seq = register_module("seq", nn::Sequential());
    list = register_module("list", nn::ModuleList());
    for (int i = 0; i < 2; ++i) {
      nn::AnyModule a(nn::Linear(4, 4));
      seq->push_back(a);
      anys.push_back(a);
      auto l = nn::Linear(4, 4);
      list->push_back(l);
      erased.push_back(l.ptr());
      lins.push_back(l);
    }
  }
  Tensor forward(Tensor x) {
    for (auto &a : anys) x = a.forward(x);
    for (auto &l : lins) x = l(x);
    for (auto &m : erased) x = m->as<nn::Linear>()->forward(x);
    return seq->forward(x);
  }
  nn::Sequential seq{nullptr};
  nn::ModuleList list{nullptr};
  std::vector<nn::AnyModule> anys;
  std::vector<std::shared_ptr<nn::Module>> erased;
  std::vector<nn::Linear> lins;
};
// One registered module under two type-erased members.
struct ErasedMembersImpl : nn::Module {
  ErasedMembersImpl() {
    auto l = register_module("l", nn::Linear(4, 4));
    base = l;
    any = nn::AnyModule(l);
  }
  Tensor forward(Tensor x) { return base->as<nn::Linear>()->forward(any.forward(x)); }
  std::shared_ptr<nn::Module> base;
  nn::AnyModule any;
};
// A plain list copied into a ModuleList or Sequential registered afterwards.
struct RegisteredCopyImpl : nn::Module {
  RegisteredCopyImpl() {
    for (int i = 0; i < 2; ++i) blocks.push_back(std::make_shared<nn::LinearImpl>(4, 4));
    auto ml = nn::ModuleList();
    for (auto &b : blocks) ml->push_back(b);
    register_module("blocks", ml);
    auto seq = nn::Sequential();
    for (int i = 0; i < 2; ++i) {
      nn::AnyModule a(nn::Linear(4, 4));
      seq->push_back("a" + std::to_string(i), a);
      anys.push_back(a);
    }
    register_module("seq", seq);
  }
  Tensor forward(Tensor x) {
    for (auto &b : blocks) x = b->forward(x);
    for (auto &a : anys) x = a.forward(x);
    return x;
  }
  std::vector<std::shared_ptr<nn::LinearImpl>> blocks;
  std::vector<nn::AnyModule> anys;
};
// Pushed into a Sequential that is never registered: still reported.
struct UnregisteredAnyImpl : nn::Module {
  UnregisteredAnyImpl() {
    auto seq = nn::Sequential();
    for (int i = 0; i < 2; ++i) {
      nn::AnyModule a(nn::Linear(4, 4));
      seq->push_back(a);
      anys.push_back(a);
    }
  }
  Tensor forward(Tensor x) {
    for (auto &a : anys) x = a.forward(x);
    return x;
  }
  std::vector<nn::AnyModule> anys;
  // CHECK: type-erased.cpp:[[@LINE-1]]:30: warning: 'anys' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: type-erased.cpp:[[@LINE-9]]:7: note: filled here, in the constructor
};
