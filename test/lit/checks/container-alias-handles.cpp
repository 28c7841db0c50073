// nn-container-alias: a second handle to a registered submodule (a holder,
// shared_ptr or raw pointer that no registration binds), set outside reset()
// of a Cloneable, is copied as it is by clone(), like a plain container.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-container-alias %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-container-alias %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <memory>

namespace nn = torch::nn;

// ---- Positives ------------------------------------------------------------

struct LastLayerImpl : nn::Cloneable<LastLayerImpl> {
  LastLayerImpl() {
    reset();
    last = fc2;
  }
  void reset() override {
    fc1 = register_module("fc1", nn::Linear(4, 4));
    fc2 = register_module("fc2", nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return last(fc1(x)); }
  nn::Linear fc1{nullptr}, fc2{nullptr}, last{nullptr};
  // CHECK: container-alias-handles.cpp:[[@LINE-1]]:42: warning: 'last' is a second handle to the registered submodule 'fc2', set outside reset(); clone() copies the handle as it is{{.*}} [nn-container-alias]
  // CHECK: [[@LINE-9]]:5: note: set here, in the constructor, outside reset()
  // CHECK: [[@LINE-6]]:11: note: 'fc2' is registered here
};

// Through a cast of the registered module's pointer.
struct CastHandleImpl : nn::Cloneable<CastHandleImpl> {
  CastHandleImpl() {
    reset();
    head = std::dynamic_pointer_cast<nn::LinearImpl>(body.ptr());
  }
  void reset() override { body = register_module("body", nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return head->forward(x); }
  nn::Linear body{nullptr};
  std::shared_ptr<nn::LinearImpl> head;
  // CHECK: container-alias-handles.cpp:[[@LINE-1]]:35: warning: 'head' is a second handle to the registered submodule 'body'{{.*}} [nn-container-alias]
  // CHECK: [[@LINE-7]]:5: note: set here, in the constructor, outside reset()
  // CHECK: [[@LINE-6]]:34: note: 'body' is registered here
};

// ---- Negatives ------------------------------------------------------------

// reset() sets the handle again for every clone.
struct InResetImpl : nn::Cloneable<InResetImpl> {
  InResetImpl() { reset(); }
  void reset() override {
    fc1 = register_module("fc1", nn::Linear(4, 4));
    last = fc1;
  }
  torch::Tensor forward(torch::Tensor x) { return last(x); }
  nn::Linear fc1{nullptr}, last{nullptr};
};

// Used only while building: nothing runs through the copy.
struct BuildOnlyImpl : nn::Cloneable<BuildOnlyImpl> {
  BuildOnlyImpl() {
    reset();
    probe = fc1;
    probe->weight.data().fill_(0.5);
  }
  void reset() override { fc1 = register_module("fc1", nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc1(x); }
  nn::Linear fc1{nullptr}, probe{nullptr};
};
