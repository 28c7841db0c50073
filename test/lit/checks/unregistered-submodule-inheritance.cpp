// nn-unregistered-submodule: members of a base class, filled and used by a
// derived class.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <vector>

namespace nn = torch::nn;

// The base declares the layers; each backbone fills them.
class BackboneBase : public nn::Module {
 protected:
  std::vector<nn::Linear> layers_;
  // CHECK: unregistered-submodule-inheritance.cpp:[[@LINE-1]]:27: warning: 'layers_' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE+9]]:37: note: filled here, in the constructor
  nn::Linear head_{nullptr};
};

// Fills the base's container and never registers it.
class MlpBackbone : public BackboneBase {
 public:
  explicit MlpBackbone(int depth) {
    head_ = register_module("head", nn::Linear(4, 2));
    for (int i = 0; i < depth; ++i) layers_.push_back(nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &layer : layers_) x = layer(x);
    return head_(x);
  }
};

// Another backbone on the same base registers every layer it adds: silent.
class RegisteredBackbone : public BackboneBase {
 public:
  explicit RegisteredBackbone(int depth) {
    head_ = register_module("head", nn::Linear(4, 2));
    for (int i = 0; i < depth; ++i) layers_.push_back(register_module("l" + std::to_string(i), nn::Linear(4, 4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &layer : layers_) x = layer(x);
    return head_(x);
  }
};

// The base registers its own member; the derived class only uses it: silent.
struct EncoderBase : nn::Module {
  EncoderBase() { proj_ = register_module("proj", nn::Linear(4, 4)); }

 protected:
  nn::Linear proj_{nullptr};
};
struct Encoder : EncoderBase {
  Encoder() { norm_ = register_module("norm", nn::LayerNorm(nn::LayerNormOptions({4}))); }
  torch::Tensor forward(torch::Tensor x) { return norm_(proj_(x)); }
  nn::LayerNorm norm_{nullptr};
};

// A derived class gives the base's holder a module and forgets to register it.
struct DecoderBase : nn::Module {
 protected:
  nn::Linear out_{nullptr};
  // CHECK: [[@LINE-1]]:14: warning: submodule 'out_' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE+3]]:15: note: assigned here, in the constructor
};
struct Decoder : DecoderBase {
  Decoder() { out_ = nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return out_(x); }
};
