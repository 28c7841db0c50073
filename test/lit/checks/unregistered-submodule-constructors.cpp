// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// Registration is per constructor: a registration in one constructor does
// not register what another constructor builds.
#include <torch/torch.h>

#include <memory>

// The second constructor assigns the head without registering it.
struct NetImpl : torch::nn::Module {
  explicit NetImpl(int64_t in) {
    body = register_module("body", torch::nn::Linear(in, in));
    head = register_module("head", torch::nn::Linear(in, 4));
    // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:12: note: registered here, in the constructor
  }
  NetImpl(int64_t in, int64_t out) {
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:3: warning: this constructor leaves submodule 'head' (torch::nn::Linear) unregistered, though another constructor registers it; objects built with it lose it from parameters(), to(), eval(), save and clone() [nn-unregistered-submodule]
    body = register_module("body", torch::nn::Linear(in, in));
    head = torch::nn::Linear(in, out);
    // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:5: note: assigned here without register_module()
  }
  torch::Tensor forward(torch::Tensor x) { return head(body(x)); }
  torch::nn::Linear body{nullptr}, head{nullptr};
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:36: note: 'head' is declared here
};

// Constructor initialisers, and constructors defined out of the class.
struct ListImpl : torch::nn::Module {
  explicit ListImpl(int64_t in);
  ListImpl(int64_t in, int64_t out);
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc;
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:21: note: 'fc' is declared here
};

ListImpl::ListImpl(int64_t in) : fc(register_module("fc", torch::nn::Linear(in, 4))) {}
// CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:37: note: registered here, in the constructor
ListImpl::ListImpl(int64_t in, int64_t out) : fc(torch::nn::Linear(in, out)) {}
// CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:11: warning: this constructor leaves submodule 'fc' (torch::nn::Linear) unregistered
// CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-2]]:47: note: assigned here without register_module()

// A member built by its default initialiser, registered by one constructor only.
struct DefaultImpl : torch::nn::Module {
  DefaultImpl() { register_module("fc", fc); }
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:19: note: registered here, in the constructor
  explicit DefaultImpl(double scale) : scale(scale) {}
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:12: warning: this constructor leaves submodule 'fc' (torch::nn::Linear) unregistered
  torch::Tensor forward(torch::Tensor x) { return fc(x) * scale; }
  torch::nn::Linear fc{8, 4};
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:21: note: 'fc' is declared here and built by its default initializer
  double scale = 1.0;
};

// A shared_ptr member, the module made from options.
struct PtrImpl : torch::nn::Module {
  PtrImpl() { fc = register_module("fc", std::make_shared<torch::nn::LinearImpl>(8, 4)); }
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:20: note: registered here, in the constructor
  explicit PtrImpl(const torch::nn::LinearOptions &options) { fc = std::make_shared<torch::nn::LinearImpl>(options); }
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:12: warning: this constructor leaves submodule 'fc' (std::shared_ptr<torch::nn::LinearImpl>) unregistered
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-2]]:63: note: assigned here without register_module()
  torch::Tensor forward(torch::Tensor x) { return fc->forward(x); }
  std::shared_ptr<torch::nn::LinearImpl> fc;
  // CHECK-DAG: unregistered-submodule-constructors.cpp:[[@LINE-1]]:42: note: 'fc' is declared here
};

// Silent: a delegating constructor runs the one that registers.
struct DelegatingImpl : torch::nn::Module {
  explicit DelegatingImpl(int64_t in) { fc = register_module("fc", torch::nn::Linear(in, 4)); }
  DelegatingImpl() : DelegatingImpl(8) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};

// Silent: both constructors call the method that registers.
struct InitImpl : torch::nn::Module {
  explicit InitImpl(int64_t in) { build(in); }
  InitImpl() { build(8); }
  void build(int64_t in) { fc = register_module("fc", torch::nn::Linear(in, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};

// Silent: each constructor registers, each its own way.
void attach(torch::nn::Module &owner, torch::nn::Linear &fc) { owner.register_module("fc", fc); }

struct BothImpl : torch::nn::Module {
  explicit BothImpl(int64_t in) { fc = register_module("fc", torch::nn::Linear(in, 4)); }
  BothImpl(int64_t in, int64_t out) : fc(in, out) { attach(*this, fc); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};

// Silent: a constructor that leaves the member empty, or gives it a module
// that came from its caller, or overrides the default initialiser with nullptr.
struct PartialImpl : torch::nn::Module {
  explicit PartialImpl(int64_t in) { fc = register_module("fc", torch::nn::Linear(in, 4)); }
  explicit PartialImpl(torch::nn::Linear given) { fc = given; }
  PartialImpl() {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};

struct NullOverrideImpl : torch::nn::Module {
  NullOverrideImpl() { register_module("fc", fc); }
  explicit NullOverrideImpl(bool) : fc(nullptr) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{8, 4};
};
