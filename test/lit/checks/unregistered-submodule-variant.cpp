// Modules held in std::variant, std::optional and std::tuple (variadic
// templates: their alternatives come as a template argument pack), and the
// ways to register what they hold: std::get, *optional, std::visit with a
// lambda that registers.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <optional>
#include <tuple>
#include <variant>

struct SwitchImpl : torch::nn::Module {
  explicit SwitchImpl(bool conv) {
    if (conv) proj = torch::nn::Conv1d(8, 8, 1);
    else proj = torch::nn::Linear(8, 8);
  }
  torch::Tensor forward(torch::Tensor x) {
    return std::visit([&](auto &m) { return m->forward(x); }, proj);
  }
  std::variant<torch::nn::Linear, torch::nn::Conv1d> proj;
  // CHECK: unregistered-submodule-variant.cpp:[[@LINE-1]]:54: warning: 'proj' holds a submodule in a plain std::variant that is never registered; parameters(), to(), eval(), save and clone() do not see it (register the module it holds with register_module()) [nn-unregistered-submodule]
  // CHECK: [[@LINE-8]]:15: note: assigned here, in the constructor
};

struct PairImpl : torch::nn::Module {
  PairImpl() { heads = {torch::nn::Linear(8, 2), torch::nn::Linear(8, 4)}; }
  torch::Tensor forward(torch::Tensor x) { return std::get<0>(heads)(x).sum() + std::get<1>(heads)(x).sum(); }
  std::tuple<torch::nn::Linear, torch::nn::Linear> heads;
  // CHECK: [[@LINE-1]]:52: warning: 'heads' holds submodules in a plain std::tuple that is never registered
  // CHECK: [[@LINE-4]]:16: note: assigned here, in the constructor
};

// ---- Negatives ------------------------------------------------------------

struct VisitedImpl : torch::nn::Module {
  explicit VisitedImpl(bool conv) {
    if (conv) proj = torch::nn::Conv1d(8, 8, 1);
    else proj = torch::nn::Linear(8, 8);
    std::visit([&](auto &m) { register_module("proj", m); }, proj);
  }
  torch::Tensor forward(torch::Tensor x) {
    return std::visit([&](auto &m) { return m->forward(x); }, proj);
  }
  std::variant<torch::nn::Linear, torch::nn::Conv1d> proj;
};

struct GotImpl : torch::nn::Module {
  GotImpl() {
    proj = torch::nn::Linear(8, 8);
    register_module("proj", std::get<torch::nn::Linear>(proj));
    heads = {torch::nn::Linear(8, 2), torch::nn::Linear(8, 4)};
    register_module("cls", std::get<0>(heads));
    register_module("box", std::get<1>(heads));
  }
  torch::Tensor forward(torch::Tensor x) {
    return std::get<torch::nn::Linear>(proj)(x) + std::get<0>(heads)(x).sum() + std::get<1>(heads)(x).sum();
  }
  std::variant<torch::nn::Linear, torch::nn::Conv1d> proj;
  std::tuple<torch::nn::Linear, torch::nn::Linear> heads;
};

struct OptionalImpl : torch::nn::Module {
  explicit OptionalImpl(bool extra) {
    if (extra) {
      more.emplace(8, 8);
      register_module("more", *more);
    }
  }
  torch::Tensor forward(torch::Tensor x) { return more ? (*more)(x) : x; }
  std::optional<torch::nn::Linear> more;
};
