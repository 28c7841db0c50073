// nn-unregistered-tensor: std containers and C arrays of tensors that require
// grad and are never registered; and the containers that are fine: elements
// registered one by one, tensors that do not require grad, per-call caches,
// elements made by code not seen.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-tensor %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-tensor %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <array>
#include <map>
#include <string>
#include <vector>

// ---- Positives ------------------------------------------------------------

// A hand-written parameter list: each weight asks for grad, none is registered.
class MixtureImpl : public torch::nn::Module {
 public:
  explicit MixtureImpl(int experts) {
    for (int i = 0; i < experts; ++i) weights_.push_back(torch::randn({8, 8}, torch::requires_grad()));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor y = torch::zeros_like(x);
    for (const auto &w : weights_) y = y + x.matmul(w);
    return y;
  }

 private:
  std::vector<torch::Tensor> weights_;
  // CHECK: unregistered-tensor-containers.cpp:[[@LINE-1]]:30: warning: 'weights_' holds tensors that require grad in a plain std::vector, and none is registered with register_parameter(); parameters() misses them, so the optimizer never updates them, and to(), save and clone() skip them [nn-unregistered-tensor]
  // CHECK: [[@LINE-11]]:39: note: made to require grad here, in the constructor
};

// Elements assigned one by one, grad asked for in several ways.
struct GatesImpl : torch::nn::Module {
  GatesImpl() {
    gates_[0] = torch::zeros({4}).requires_grad_();
    gates_[1] = torch::ones({4});
    gates_[1].set_requires_grad(true);
    for (auto &b : bias_) b = torch::zeros({4}, torch::TensorOptions().requires_grad(true));
    tokens_["cls"] = torch::randn({16}, torch::requires_grad());
  }
  torch::Tensor forward(const torch::Tensor &x) { return x * gates_[0] + gates_[1] + bias_[0] + bias_[1] + tokens_["cls"]; }
  std::array<torch::Tensor, 2> gates_;
  // CHECK: [[@LINE-1]]:32: warning: 'gates_' holds tensors that require grad in a plain std::array{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-9]]:5: note: made to require grad here, in the constructor
  torch::Tensor bias_[2];
  // CHECK: [[@LINE-1]]:17: warning: 'bias_' holds tensors that require grad in a plain C array{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-9]]:27: note: made to require grad here, in the constructor
  std::map<std::string, torch::Tensor> tokens_;
  // CHECK: [[@LINE-1]]:40: warning: 'tokens_' holds tensors that require grad in a plain std::map{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-11]]:5: note: made to require grad here, in the constructor
};

// Grad asked for after the elements were made, through a loop variable; and a
// default member initialiser.
struct LateGradImpl : torch::nn::Module {
  LateGradImpl() {
    scales_.resize(3);
    for (auto &s : scales_) s = torch::ones({1});
    for (torch::Tensor &s : scales_) s.requires_grad_(true);
  }
  torch::Tensor forward(torch::Tensor x) { return x * scales_[0] * scales_[1] * scales_[2] + offsets_[0]; }
  std::vector<at::Tensor> scales_;
  // CHECK: [[@LINE-1]]:27: warning: 'scales_' holds tensors that require grad in a plain std::vector{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-5]]:40: note: made to require grad here, in the constructor
  std::vector<torch::Tensor> offsets_ = {torch::zeros({1}, torch::requires_grad())};
  // CHECK: [[@LINE-1]]:30: warning: 'offsets_' holds tensors that require grad in a plain std::vector{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-2]]:30: note: made to require grad here, in a default member initializer
};

// Each element made in a local first.
struct LocalsImpl : torch::nn::Module {
  explicit LocalsImpl(int n) {
    for (int i = 0; i < n; ++i) {
      torch::Tensor w = torch::randn({4, 4}, torch::requires_grad());
      layers_.push_back(w);
    }
  }
  torch::Tensor forward(torch::Tensor x) { return x.matmul(layers_.front()); }
  std::vector<torch::Tensor> layers_;
  // CHECK: [[@LINE-1]]:30: warning: 'layers_' holds tensors that require grad in a plain std::vector{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-6]]:7: note: made to require grad here, in the constructor
};

// Class templates: a std::array whose size is a parameter; an element type
// that is a parameter, judged from the instantiation seen.
template <int N>
struct BankImpl : torch::nn::Module {
  BankImpl() {
    for (auto &w : bank_) w = torch::randn({4}, torch::requires_grad());
  }
  torch::Tensor forward(torch::Tensor x) { return x * bank_[0]; }
  std::array<torch::Tensor, N> bank_;
  // CHECK: [[@LINE-1]]:32: warning: 'bank_' holds tensors that require grad in a plain std::array{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-5]]:27: note: made to require grad here, in the constructor
};
template <typename T>
struct ListImpl : torch::nn::Module {
  ListImpl() { items_.push_back(torch::ones({2}).requires_grad_()); }
  torch::Tensor forward(torch::Tensor x) { return x * items_[0]; }
  std::vector<T> items_;
  // CHECK: [[@LINE-1]]:18: warning: 'items_' holds tensors that require grad in a plain std::vector{{.*}} [nn-unregistered-tensor]
  // CHECK: [[@LINE-4]]:16: note: made to require grad here, in the constructor
};
BankImpl<3> bank;
ListImpl<torch::Tensor> list;

// ---- Negatives ------------------------------------------------------------

// Every element registered as it is added, or afterwards in a loop.
struct RegisteredListImpl : torch::nn::Module {
  explicit RegisteredListImpl(int n) {
    for (int i = 0; i < n; ++i)
      weights_.push_back(register_parameter("w" + std::to_string(i), torch::randn({4, 4})));
    for (int i = 0; i < n; ++i) biases_.push_back(torch::zeros({4}, torch::requires_grad()));
    for (size_t i = 0; i < biases_.size(); ++i) register_parameter("b" + std::to_string(i), biases_[i]);
    for (auto &g : gains_) g = torch::ones({4}).requires_grad_();
    for (auto &g : gains_) register_parameter("g", g);
  }
  torch::Tensor forward(torch::Tensor x) {
    for (size_t i = 0; i < weights_.size(); ++i) x = x.matmul(weights_[i]) + biases_[i] * gains_[0];
    return x;
  }
  std::vector<torch::Tensor> weights_, biases_;
  std::array<torch::Tensor, 1> gains_;
};

// Locals registered before they are kept, or whose grad is turned off again.
struct RegisteredLocalsImpl : torch::nn::Module {
  explicit RegisteredLocalsImpl(int n) {
    for (int i = 0; i < n; ++i) {
      auto w = torch::randn({4, 4}, torch::requires_grad());
      register_parameter("w" + std::to_string(i), w);
      layers_.push_back(w);
      auto frozen = torch::ones({4}).requires_grad_();
      frozen.requires_grad_(false);
      masks_.push_back(frozen);
    }
  }
  torch::Tensor forward(torch::Tensor x) { return x.matmul(layers_.front()) * masks_.front(); }
  std::vector<torch::Tensor> layers_, masks_;
};

// Tensors that do not require grad: masks, buffers, a product of an element.
struct MasksImpl : torch::nn::Module {
  MasksImpl() {
    masks_.push_back(torch::ones({4}));
    masks_.push_back(torch::zeros({4}, torch::requires_grad(false)));
    stats_.push_back(register_buffer("mean", torch::zeros({4})));
    torch::Tensor doubled = masks_[0] * 2;
    doubled.requires_grad_();
    probe_ = doubled;
  }
  torch::Tensor forward(torch::Tensor x) { return x * masks_[0] * masks_[1] - stats_[0] + probe_; }
  std::vector<torch::Tensor> masks_, stats_;
  torch::Tensor probe_;
};

// A per-call cache written in forward(), not state.
struct CacheImpl : torch::nn::Module {
  CacheImpl() { proj = register_parameter("proj", torch::randn({4, 4})); }
  torch::Tensor forward(torch::Tensor x) {
    inputs_.clear();
    inputs_.push_back(x.detach().clone().requires_grad_());
    return inputs_.back().matmul(proj);
  }
  torch::Tensor proj;
  std::vector<torch::Tensor> inputs_;
};

// Elements made or registered by code not seen.
torch::Tensor make_weight(int64_t size);
void register_all(torch::nn::Module &owner, std::vector<torch::Tensor> &tensors);
struct OpaqueListImpl : torch::nn::Module {
  OpaqueListImpl() {
    made_.push_back(make_weight(4));
    kept_.push_back(torch::randn({4}, torch::requires_grad()));
    register_all(*this, kept_);
  }
  torch::Tensor forward(torch::Tensor x) { return x * made_[0] * kept_[0]; }
  std::vector<torch::Tensor> made_, kept_;
};
