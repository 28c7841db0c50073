// nn-unregistered-submodule asks the value model which module objects a
// member holds: a module reached through a library cast or view is the same
// object; one the model cannot follow (another object's member, a value from
// unseen code) may be registered elsewhere and is not reported; a copy made by
// clone() and a module made by a file-scope initialiser are new objects.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <memory>
#include <utility>
#include <vector>

namespace nn = torch::nn;

// ---- The same object under another name: silent -----------------------------

// A pointer cast of a registered module's shared_ptr.
struct CastViewImpl : nn::Module {
  CastViewImpl() {
    body = register_module("body", nn::Linear(4, 4));
    head = std::static_pointer_cast<nn::LinearImpl>(body.ptr());
  }
  torch::Tensor forward(torch::Tensor x) { return head->forward(body(x)); }
  nn::Linear body{nullptr};
  std::shared_ptr<nn::LinearImpl> head;
};

// A dynamic cast of what a registered member holds, through a local.
struct DynamicCastImpl : nn::Module {
  DynamicCastImpl() {
    std::shared_ptr<nn::Module> generic = register_module("proj", nn::Linear(4, 4));
    proj = std::dynamic_pointer_cast<nn::LinearImpl>(generic);
  }
  torch::Tensor forward(torch::Tensor x) { return proj->forward(x); }
  std::shared_ptr<nn::LinearImpl> proj;
};

// Another module's member: the encoder owns and registers the embedding.
struct EncoderImpl : nn::Module {
  EncoderImpl() { embedding = register_module("embedding", nn::Embedding(10, 4)); }
  torch::Tensor forward(torch::Tensor x) { return embedding(x); }
  nn::Embedding embedding{nullptr};
};
TORCH_MODULE(Encoder);

struct TiedDecoderImpl : nn::Module {
  explicit TiedDecoderImpl(const Encoder &encoder) { embedding = encoder->embedding; }
  torch::Tensor forward(torch::Tensor x) { return torch::matmul(x, embedding->weight.t()); }
  nn::Embedding embedding{nullptr};
};

// A module inside a registered member's module is registered through it.
struct BlockImpl : nn::Module {
  BlockImpl() { conv = register_module("conv", nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return conv(x); }
  nn::Linear conv{nullptr};
};
TORCH_MODULE(Block);

struct InnerViewImpl : nn::Module {
  InnerViewImpl() {
    block = register_module("block", Block());
    last = block->conv;
  }
  torch::Tensor forward(torch::Tensor x) { return last(block(x)); }
  Block block{nullptr};
  nn::Linear last{nullptr};
};

// What a function of another library returns: nnlint cannot see it.
nn::Linear make_shared_head();

struct FactoryHeadImpl : nn::Module {
  FactoryHeadImpl() { head = make_shared_head(); }
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  nn::Linear head{nullptr};
};

// ---- New objects: reported ----------------------------------------------------

// clone() makes a copy that nobody registers, whatever it is cast to.
struct ClonedHeadImpl : nn::Module {
  ClonedHeadImpl() {
    body = register_module("body", nn::Linear(4, 4));
    head = std::dynamic_pointer_cast<nn::LinearImpl>(body->clone());
  }
  torch::Tensor forward(torch::Tensor x) { return head->forward(body(x)); }
  nn::Linear body{nullptr};
  std::shared_ptr<nn::LinearImpl> head;
  // CHECK: unregistered-submodule-objects.cpp:[[@LINE-1]]:35: warning: submodule 'head' (std::shared_ptr<nn::LinearImpl>) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-6]]:5: note: assigned here, in the constructor
};

// A module made by a file-scope initialiser and kept, unregistered.
nn::Linear global_projection(4, 4);

struct GlobalHeadImpl : nn::Module {
  GlobalHeadImpl() { proj = global_projection; }
  torch::Tensor forward(torch::Tensor x) { return proj(x); }
  nn::Linear proj{nullptr};
  // CHECK: unregistered-submodule-objects.cpp:[[@LINE-1]]:14: warning: submodule 'proj' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-4]]:22: note: assigned here, in the constructor
};

// ---- The rule page's level: a container of stateless modules is a note ----------

struct StatelessSequentialImpl : nn::Module {
  StatelessSequentialImpl() {
    fc = register_module("fc", nn::Linear(4, 4));
    act = nn::Sequential(nn::ReLU(), nn::Tanh());
  }
  torch::Tensor forward(torch::Tensor x) { return act->forward(fc(x)); }
  nn::Linear fc{nullptr};
  nn::Sequential act{nullptr};
  // CHECK: unregistered-submodule-objects.cpp:[[@LINE-1]]:18: note: submodule 'act' (nn::Sequential) is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-6]]:5: note: assigned here, in the constructor
};

// ---- A user struct of modules made by its own constructor holds new modules ----

struct Stage {
  explicit Stage(int n) : conv(n, n), norm(n) {}
  nn::Linear conv{nullptr};
  nn::LayerNorm norm{nullptr};
};

struct StagesImpl : nn::Module {
  StagesImpl() {
    for (int i = 0; i < 2; ++i) stages.push_back(Stage(4));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &s : stages) x = s.norm(s.conv(x));
    return x;
  }
  std::vector<Stage> stages;
  // CHECK: unregistered-submodule-objects.cpp:[[@LINE-1]]:22: warning: 'stages' holds submodules in a plain Stage that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-8]]:33: note: filled here, in the constructor
};
