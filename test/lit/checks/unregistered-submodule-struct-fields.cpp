// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A plain struct of holders is registered field by field: a field given a
// fresh module beside fields that are registered is lost all the same.
#include <torch/torch.h>

#include <memory>

struct Heads {
  torch::nn::Linear cls{nullptr};
  torch::nn::Linear box{nullptr};
  std::shared_ptr<torch::nn::LinearImpl> mask;
};

struct DetectorImpl : torch::nn::Module {
  DetectorImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    heads.cls = register_module("cls", torch::nn::Linear(8, 3));
    // CHECK-DAG: unregistered-submodule-struct-fields.cpp:[[@LINE-1]]:5: note: 'heads.cls' is registered here
    heads.box = torch::nn::Linear(8, 4);
    // CHECK-DAG: unregistered-submodule-struct-fields.cpp:[[@LINE-1]]:5: warning: submodule 'heads.box' (torch::nn::Linear) is never registered with register_module()
    heads.mask = std::make_shared<torch::nn::LinearImpl>(8, 1);
    register_module("mask", heads.mask);
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = body(x);
    return heads.cls(h).sum() + heads.box(h).sum() + heads.mask->forward(h).sum();
  }
  torch::nn::Linear body{nullptr};
  Heads heads;
};

// Every field registered, one after it is made: silent.
struct AllRegisteredImpl : torch::nn::Module {
  AllRegisteredImpl() {
    heads.cls = register_module("cls", torch::nn::Linear(8, 3));
    heads.box = torch::nn::Linear(8, 4);
    register_module("box", heads.box);
  }
  torch::Tensor forward(torch::Tensor x) { return heads.cls(x).sum() + heads.box(x).sum(); }
  Heads heads;
};

// The struct given whole to a function nnlint cannot see, a field filled from
// a local, a field given to a helper: each may be registered there. Silent.
void register_heads(torch::nn::Module &owner, Heads &heads);
void register_one(torch::nn::Module &owner, torch::nn::Linear &head);

struct HandedOffImpl : torch::nn::Module {
  HandedOffImpl() {
    heads.cls = register_module("cls", torch::nn::Linear(8, 3));
    heads.box = torch::nn::Linear(8, 4);
    register_heads(*this, heads);
  }
  torch::Tensor forward(torch::Tensor x) { return heads.cls(x).sum() + heads.box(x).sum(); }
  Heads heads;
};

struct FromLocalImpl : torch::nn::Module {
  FromLocalImpl() {
    torch::nn::Linear box(8, 4);
    register_module("box", box);
    heads.cls = register_module("cls", torch::nn::Linear(8, 3));
    heads.box = box;
  }
  torch::Tensor forward(torch::Tensor x) { return heads.cls(x).sum() + heads.box(x).sum(); }
  Heads heads;
};

struct FieldToHelperImpl : torch::nn::Module {
  FieldToHelperImpl() {
    heads.cls = register_module("cls", torch::nn::Linear(8, 3));
    heads.box = torch::nn::Linear(8, 4);
    register_one(*this, heads.box);
  }
  torch::Tensor forward(torch::Tensor x) { return heads.cls(x).sum() + heads.box(x).sum(); }
  Heads heads;
};
