// nn-unregistered-submodule follows modules into closures and pairs: a
// std::function member given a lambda that captures a module created here
// and never registered holds that module; one that captures a registered
// module, or `this`, does not. A pair or tuple made with std::make_pair holds
// what its arguments denote, and emplace's key is not a module.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
#include <functional>
#include <map>
namespace nn = torch::nn;
// A closure is the only owner of the projection.
struct ClosureImpl : nn::Module {
  ClosureImpl() {
    fc = register_module("fc", nn::Linear(4, 4));
    auto proj = nn::Linear(4, 4);
    head_ = [proj](torch::Tensor x) mutable { return proj(x); };
    // CHECK: unregistered-submodule-callables.cpp:[[@LINE-1]]:5: warning: 'head_' is given a callable that holds a submodule created here and never registered with register_module(){{.*}} [nn-unregistered-submodule]
  }
  torch::Tensor forward(torch::Tensor x) { return head_(fc(x)); }
  nn::Linear fc{nullptr};
  std::function<torch::Tensor(torch::Tensor)> head_;
};
// The closures hold a registered module, and the module itself.
struct RegisteredClosureImpl : nn::Module {
  RegisteredClosureImpl() {
    fc = register_module("fc", nn::Linear(4, 4));
    auto proj = register_module("proj", nn::Linear(4, 4));
    head_ = [proj](torch::Tensor x) { return proj->forward(x); };
    act_ = [this](torch::Tensor x) { return fc(x); };
  }
  torch::Tensor forward(torch::Tensor x) { return act_(head_(x)); }
  nn::Linear fc{nullptr};
  std::function<torch::Tensor(torch::Tensor)> head_, act_;
};
// A map of registered modules, filled with emplace and make_pair.
struct MapImpl : nn::Module {
  MapImpl() {
    a = register_module("a", nn::Linear(4, 4));
    b = register_module("b", nn::Linear(4, 4));
    heads.emplace("a", a);
    heads.insert(std::make_pair("b", b));
  }
  torch::Tensor forward(torch::Tensor x) { return heads.at("a")(x) + heads.at("b")(x); }
  nn::Linear a{nullptr}, b{nullptr};
  std::map<std::string, nn::Linear> heads;
};
