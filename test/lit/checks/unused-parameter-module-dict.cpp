// nn-unused-parameter: a ModuleDict entry that forward() never looks up while
// it looks the others up by constant keys; silent when a lookup uses another
// key, the dict is walked or passed on, or its keys are not constants.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace nn = torch::nn;
using Entries = std::vector<std::pair<std::string, std::shared_ptr<nn::Module>>>;

// ---- Positives ------------------------------------------------------------

// Three task heads, two of them read; a stateless entry that is never read either.
struct MultiTaskImpl : nn::Module {
  MultiTaskImpl() {
    heads_ = register_module("heads", nn::ModuleDict(Entries{{"cls", nn::Linear(8, 4).ptr()},
                                                             {"box", nn::Linear(8, 4).ptr()},
                                                             {"depth", nn::Linear(8, 4).ptr()},
                                                             {"act", nn::ReLU().ptr()}}));
    // CHECK: [[@LINE-2]]:63: warning: entry 'depth' of ModuleDict 'heads_' is never looked up: forward() looks entries up only by the constant keys 'box', 'cls'; it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK: [[@LINE-5]]:14: note: 'heads_' is registered here
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor cls = heads_["cls"]->as<nn::Linear>()->forward(x);
    return cls + heads_->at<nn::LinearImpl>("box").forward(x);
  }
  nn::ModuleDict heads_{nullptr};
};

// Filled in the initialiser list and by update(); looked up through (*dict)[...]
// in a helper that forward() calls.
class RouterImpl : public nn::Module {
 public:
  RouterImpl()
      : experts_(register_module("experts", nn::ModuleDict(Entries{std::make_pair("fast", std::make_shared<nn::LinearImpl>(4, 4))}))) {
    experts_->update(Entries{{std::string("slow"), std::make_shared<nn::LinearImpl>(4, 4)}});
    // CHECK: [[@LINE-1]]:31: warning: entry 'slow' of ModuleDict 'experts_' is never looked up: forward() looks entries up only by the constant keys 'fast'{{.*}} [nn-unused-parameter]
    // CHECK: [[@LINE-3]]:18: note: 'experts_' is registered here
  }
  torch::Tensor forward(torch::Tensor x) { return route(x); }

 private:
  torch::Tensor route(torch::Tensor x) { return (*experts_)["fast"]->as<nn::LinearImpl>()->forward(x); }
  nn::ModuleDict experts_;
};

// ---- Negatives ------------------------------------------------------------

// Every entry looked up; or a lookup by a key chosen at run time.
struct AllReadImpl : nn::Module {
  AllReadImpl() {
    heads_ = register_module("heads", nn::ModuleDict(Entries{{"a", nn::Linear(4, 4).ptr()}, {"b", nn::Linear(4, 4).ptr()}}));
  }
  torch::Tensor forward(torch::Tensor x) {
    return heads_["a"]->as<nn::Linear>()->forward(x) + heads_["b"]->as<nn::Linear>()->forward(x);
  }
  nn::ModuleDict heads_{nullptr};
};
struct ByTaskImpl : nn::Module {
  ByTaskImpl() {
    heads_ = register_module("heads", nn::ModuleDict(Entries{{"a", nn::Linear(4, 4).ptr()}, {"b", nn::Linear(4, 4).ptr()}}));
  }
  torch::Tensor forward(torch::Tensor x, const std::string &task) {
    torch::Tensor y = heads_["a"]->as<nn::Linear>()->forward(x);
    return y + heads_[task]->as<nn::Linear>()->forward(x);
  }
  nn::ModuleDict heads_{nullptr};
};

// The dict is walked, or passed on.
struct SumAllImpl : nn::Module {
  SumAllImpl() {
    heads_ = register_module("heads", nn::ModuleDict(Entries{{"a", nn::Linear(4, 4).ptr()}, {"b", nn::Linear(4, 4).ptr()}}));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor y = heads_["a"]->as<nn::Linear>()->forward(x);
    for (const auto &item : heads_->items()) y = y + item.second->as<nn::Linear>()->forward(x);
    return y;
  }
  nn::ModuleDict heads_{nullptr};
};
torch::Tensor apply_head(nn::ModuleDict &dict, const torch::Tensor &x);
struct PassedOnImpl : nn::Module {
  PassedOnImpl() {
    heads_ = register_module("heads", nn::ModuleDict(Entries{{"a", nn::Linear(4, 4).ptr()}, {"b", nn::Linear(4, 4).ptr()}}));
  }
  torch::Tensor forward(torch::Tensor x) { return heads_["a"]->as<nn::Linear>()->forward(x) + apply_head(heads_, x); }
  nn::ModuleDict heads_{nullptr};
};

// Keys that are not constants; an entry read by a second public method.
struct NamedImpl : nn::Module {
  explicit NamedImpl(const std::vector<std::string> &names) {
    Entries entries;
    for (const std::string &n : names) entries.push_back({n, nn::Linear(4, 4).ptr()});
    entries.push_back({"extra", nn::Linear(4, 4).ptr()});
    heads_ = register_module("heads", nn::ModuleDict(entries));
  }
  torch::Tensor forward(torch::Tensor x) { return heads_["extra"]->as<nn::Linear>()->forward(x); }
  nn::ModuleDict heads_{nullptr};
};
struct AuxImpl : nn::Module {
  AuxImpl() {
    heads_ = register_module("heads", nn::ModuleDict(Entries{{"main", nn::Linear(4, 4).ptr()}, {"aux", nn::Linear(4, 4).ptr()}}));
  }
  torch::Tensor forward(torch::Tensor x) { return heads_["main"]->as<nn::Linear>()->forward(x); }
  torch::Tensor auxiliary(torch::Tensor x) { return heads_["aux"]->as<nn::Linear>()->forward(x); }
  nn::ModuleDict heads_{nullptr};
};
