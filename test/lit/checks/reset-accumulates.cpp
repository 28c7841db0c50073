// nn-reset-accumulates: reset() appends to a member container it does not
// empty first (vector, map, in helpers, in templates), and the ways of
// emptying or overwriting it that are correct.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-reset-accumulates %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-reset-accumulates %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <array>
#include <map>

using namespace torch::nn;

// ---- Positives ------------------------------------------------------------

struct AppendsImpl : Cloneable<AppendsImpl> {
  AppendsImpl() { reset(); }
  void reset() override {
    for (int i = 0; i < 2; ++i) blocks_.push_back(register_module("b" + std::to_string(i), Linear(8, 8)));
    heads_.emplace("head", register_module("head", Linear(8, 8)));
  }
  torch::Tensor forward(torch::Tensor x) { return heads_["head"](blocks_[0](x)); }
  std::vector<Linear> blocks_;
  std::map<std::string, Linear> heads_;
};
// The text output shows the lines from the fix-it in reset() to the finding:
// these checks stay below them.
// CHECK: reset-accumulates.cpp:[[@LINE-9]]:33: warning: reset() appends to 'blocks_' without clearing it first; clone() calls reset() on a copy that still holds the original's modules, so the clone runs both [nn-reset-accumulates]
// CHECK: [[@LINE-6]]:23: note: 'blocks_' is declared here
// CHECK: [[@LINE-10]]:5: warning: reset() appends to 'heads_' without clearing it first{{.*}} [nn-reset-accumulates]
// CHECK: [[@LINE-7]]:33: note: 'heads_' is declared here

// Cleared after the append: too late.
struct ClearedLateImpl : Cloneable<ClearedLateImpl> {
  ClearedLateImpl() { reset(); }
  void reset() override {
    blocks_.push_back(register_module("b", Linear(8, 8)));
    // CHECK: [[@LINE-1]]:5: warning: reset() appends to 'blocks_' without clearing it first{{.*}} [nn-reset-accumulates]
    // CHECK: [[@LINE+4]]:23: note: 'blocks_' is declared here
    blocks_.clear();
  }
  torch::Tensor forward(torch::Tensor x) { return x; }
  std::vector<Linear> blocks_;
};

// Appended by a method that reset() calls.
struct HelperAppendsImpl : Cloneable<HelperAppendsImpl> {
  HelperAppendsImpl() { reset(); }
  void reset() override { build(); }
  void build() { blocks_.push_back(register_module("b", Linear(8, 8))); }
  // CHECK: [[@LINE-1]]:18: warning: reset() appends to 'blocks_' without clearing it first{{.*}} [nn-reset-accumulates]
  // CHECK: [[@LINE+2]]:23: note: 'blocks_' is declared here
  torch::Tensor forward(torch::Tensor x) { return blocks_[0](x); }
  std::vector<Linear> blocks_;
};

// A class template.
template <typename L>
struct TemplateImpl : Cloneable<TemplateImpl<L>> {
  TemplateImpl() { reset(); }
  void reset() override { blocks_.push_back(this->register_module("b", L(8, 8))); }
  // CHECK: [[@LINE-1]]:27: warning: reset() appends to 'blocks_' without clearing it first{{.*}} [nn-reset-accumulates]
  // CHECK: [[@LINE+2]]:23: note: 'blocks_' is declared here
  torch::Tensor forward(torch::Tensor x) { return blocks_[0](x); }
  std::vector<Linear> blocks_;
};

// ---- Negatives ------------------------------------------------------------

// Emptied first: clear(), `= {}`, assignment of an empty container.
struct EmptiedImpl : Cloneable<EmptiedImpl> {
  EmptiedImpl() { reset(); }
  void reset() override {
    a_.clear();
    b_ = {};
    c_ = std::vector<Linear>();
    for (int i = 0; i < 2; ++i) {
      a_.push_back(register_module("a" + std::to_string(i), Linear(8, 8)));
      b_.push_back(register_module("b" + std::to_string(i), Linear(8, 8)));
      c_.push_back(register_module("c" + std::to_string(i), Linear(8, 8)));
    }
  }
  torch::Tensor forward(torch::Tensor x) { return c_[0](b_[0](a_[0](x))); }
  std::vector<Linear> a_, b_, c_;
};

// Indexed writes overwrite: a clone's reset() replaces the copied elements.
struct OverwritesImpl : Cloneable<OverwritesImpl> {
  OverwritesImpl() { reset(); }
  void reset() override {
    arr_[0] = register_module("a0", Linear(8, 8));
    vec_[0] = register_module("v0", Linear(8, 8));
    map_["m"] = register_module("m", Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) { return map_["m"](vec_[0](arr_[0](x))); }
  std::array<Linear, 1> arr_{nullptr};
  std::vector<Linear> vec_{Linear(nullptr)};
  std::map<std::string, Linear> map_;
};

// Reassigned as a whole.
struct ReassignedImpl : Cloneable<ReassignedImpl> {
  ReassignedImpl() { reset(); }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 8));
    cells_ = {fc1};
  }
  torch::Tensor forward(torch::Tensor x) { return cells_[0](x); }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
};

// Cleared by one helper, filled by another: the call order is not known, so silent.
struct SplitHelpersImpl : Cloneable<SplitHelpersImpl> {
  SplitHelpersImpl() { reset(); }
  void reset() override {
    wipe();
    build();
  }
  void wipe() { blocks_.clear(); }
  void build() { blocks_.push_back(register_module("b", Linear(8, 8))); }
  torch::Tensor forward(torch::Tensor x) { return blocks_[0](x); }
  std::vector<Linear> blocks_;
};

// A ModuleList registered afresh in reset() starts empty.
struct FreshListImpl : Cloneable<FreshListImpl> {
  FreshListImpl() { reset(); }
  void reset() override {
    list = register_module("list", ModuleList());
    list->push_back(Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) { return list[0]->as<Linear>()->forward(x); }
  ModuleList list{nullptr};
};

// A plain Module is never cloned this way; its own clone() is up to it.
struct PlainImpl : Module {
  PlainImpl() { reset(); }
  void reset() { blocks_.push_back(register_module("b", Linear(8, 8))); }
  torch::Tensor forward(torch::Tensor x) { return blocks_[0](x); }
  std::vector<Linear> blocks_;
};
struct OwnCloneImpl : Cloneable<OwnCloneImpl> {
  OwnCloneImpl() { reset(); }
  void reset() override { blocks_.push_back(register_module("b", Linear(8, 8))); }
  std::shared_ptr<Module> clone(const torch::optional<torch::Device> &device = torch::nullopt) const override {
    return std::make_shared<OwnCloneImpl>();
  }
  std::vector<Linear> blocks_;
};
