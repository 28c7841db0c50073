// nn-container-alias: containers of registered submodules that a Cloneable
// fills outside reset() (every container kind, fillers in other methods,
// templates, out-of-line methods), and the designs that are safe.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-container-alias %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-container-alias %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <array>
#include <map>

using namespace torch::nn;

// ---- Positives ------------------------------------------------------------

struct KindsImpl : Cloneable<KindsImpl> {
  KindsImpl() {
    reset();
    cells_ = {fc1, fc2};
    by_name_["fc1"] = fc1;
    ptrs_.push_back(fc2.ptr());
  }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 8));
    fc2 = register_module("fc2", Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) { return ptrs_[0]->forward(by_name_["fc1"](cells_[0](x))); }
  Linear fc1{nullptr}, fc2{nullptr};
  std::array<Linear, 2> cells_{nullptr, nullptr};
  // CHECK: container-alias.cpp:[[@LINE-1]]:25: warning: 'cells_' keeps registered submodules in a plain std::array that reset() does not rebuild; clone(), replicate() and data_parallel() will share them with the original module [nn-container-alias]
  // CHECK: [[@LINE-12]]:5: note: filled here, in the constructor, outside reset()
  // CHECK: [[@LINE-8]]:11: note: 'fc1' is registered here
  std::map<std::string, Linear> by_name_;
  // CHECK: [[@LINE-1]]:33: warning: 'by_name_' keeps registered submodules in a plain std::map that reset() does not rebuild{{.*}} [nn-container-alias]
  // CHECK: [[@LINE-15]]:5: note: filled here, in the constructor, outside reset()
  // CHECK: [[@LINE-12]]:11: note: 'fc1' is registered here
  std::vector<std::shared_ptr<LinearImpl>> ptrs_;
  // CHECK: [[@LINE-1]]:44: warning: 'ptrs_' keeps registered submodules in a plain std::vector that reset() does not rebuild{{.*}} [nn-container-alias]
  // CHECK: [[@LINE-18]]:5: note: filled here, in the constructor, outside reset()
  // CHECK: [[@LINE-15]]:11: note: 'fc2' is registered here
};

// Filled by a method the constructor calls; registered by a method reset() calls.
struct HelpersImpl : Cloneable<HelpersImpl> {
  HelpersImpl() {
    reset();
    link();
  }
  void reset() override { make(); }
  void make() { fc1 = register_module("fc1", Linear(8, 8)); }
  void link() { cells_.push_back(fc1); }
  torch::Tensor forward(torch::Tensor x) { return cells_[0](x); }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
  // CHECK: [[@LINE-1]]:23: warning: 'cells_' keeps registered submodules in a plain std::vector that reset() does not rebuild{{.*}} [nn-container-alias]
  // CHECK: [[@LINE-5]]:17: note: filled here, in link(), outside reset()
  // CHECK: [[@LINE-7]]:23: note: 'fc1' is registered here
};

// A class template, registering through this->.
template <int N>
struct TemplateImpl : Cloneable<TemplateImpl<N>> {
  TemplateImpl() {
    reset();
    cells_.push_back(fc1);
  }
  void reset() override { fc1 = this->register_module("fc1", Linear(N, N)); }
  torch::Tensor forward(torch::Tensor x) { return cells_[0](x); }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
  // CHECK: [[@LINE-1]]:23: warning: 'cells_' keeps registered submodules in a plain std::vector{{.*}} [nn-container-alias]
  // CHECK: [[@LINE-7]]:5: note: filled here, in the constructor, outside reset()
  // CHECK: [[@LINE-6]]:33: note: 'fc1' is registered here
};

// Out-of-line methods and a C array.
struct OutOfLineImpl : Cloneable<OutOfLineImpl> {
  OutOfLineImpl();
  void reset() override;
  torch::Tensor forward(torch::Tensor x);
  Linear fc1{nullptr};
  Linear cells_[1];
  // CHECK: [[@LINE-1]]:10: warning: 'cells_' keeps registered submodules in a plain C array{{.*}} [nn-container-alias]
  // CHECK: [[@LINE+5]]:3: note: filled here, in the constructor, outside reset()
  // CHECK: [[@LINE+6]]:37: note: 'fc1' is registered here
};
OutOfLineImpl::OutOfLineImpl() : cells_{nullptr} {
  reset();
  cells_[0] = fc1;
}
void OutOfLineImpl::reset() { fc1 = register_module("fc1", Linear(8, 8)); }
torch::Tensor OutOfLineImpl::forward(torch::Tensor x) { return cells_[0](x); }

// ---- Negatives ------------------------------------------------------------

// reset() clears and rebuilds the container.
struct RebuiltImpl : Cloneable<RebuiltImpl> {
  RebuiltImpl() { reset(); }
  void reset() override {
    cells_.clear();
    fc1 = register_module("fc1", Linear(8, 8));
    cells_.push_back(fc1);
  }
  torch::Tensor forward(torch::Tensor x) { return cells_[0](x); }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
};

// Rebuilt by a method that reset() calls.
struct RebuiltByHelperImpl : Cloneable<RebuiltByHelperImpl> {
  RebuiltByHelperImpl() { reset(); }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 8));
    link();
  }
  void link() { cells_ = {fc1}; }
  torch::Tensor forward(torch::Tensor x) { return cells_[0](x); }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
};

// Filled in reset() through locals returned by register_module().
struct LocalsImpl : Cloneable<LocalsImpl> {
  LocalsImpl() { reset(); }
  void reset() override {
    blocks_.clear();
    for (int i = 0; i < 2; ++i) {
      auto block = register_module("b" + std::to_string(i), Linear(8, 8));
      blocks_.push_back(block);
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks_) x = b(x);
    return x;
  }
  std::vector<Linear> blocks_;
};

// The class writes its own clone().
struct OwnCloneImpl : Cloneable<OwnCloneImpl> {
  OwnCloneImpl() {
    reset();
    cells_ = {fc1};
  }
  void reset() override { fc1 = register_module("fc1", Linear(8, 8)); }
  std::shared_ptr<Module> clone(const torch::optional<torch::Device> &device = torch::nullopt) const override {
    return std::make_shared<OwnCloneImpl>();
  }
  torch::Tensor forward(torch::Tensor x) { return cells_[0](x); }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
};

// ModuleList, ModuleDict and Sequential are modules: clone() deep-copies them.
struct ModuleContainersImpl : Cloneable<ModuleContainersImpl> {
  ModuleContainersImpl() {
    reset();
    list->push_back(fc1);
    seq->push_back(fc1);
  }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 8));
    list = register_module("list", ModuleList());
    seq = register_module("seq", Sequential());
    dict = register_module("dict", ModuleDict());
  }
  torch::Tensor forward(torch::Tensor x) { return seq->forward(fc1(x)); }
  Linear fc1{nullptr};
  ModuleList list{nullptr};
  Sequential seq{nullptr};
  ModuleDict dict{nullptr};
};

// A plain Module is not cloned: keeping registered modules in a vector is fine.
struct PlainImpl : Module {
  PlainImpl() {
    fc1 = register_module("fc1", Linear(8, 8));
    cells_ = {fc1};
  }
  torch::Tensor forward(torch::Tensor x) { return cells_[0](x); }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
};

// A method whose body was not seen might rebuild it: silent.
struct PartlySeenImpl : Cloneable<PartlySeenImpl> {
  PartlySeenImpl() {
    reset();
    cells_ = {fc1};
  }
  void reset() override;
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
};

// Passed to a function whose body was not seen: silent.
void rebuild(std::vector<Linear> &cells);
struct OpaqueImpl : Cloneable<OpaqueImpl> {
  OpaqueImpl() {
    reset();
    cells_ = {fc1};
  }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 8));
    rebuild(cells_);
  }
  Linear fc1{nullptr};
  std::vector<Linear> cells_;
};
