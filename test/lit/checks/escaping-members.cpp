// One rule for what nnlint cannot follow (ClassFact::escapes): a member that
// code outside the class names, or that is passed to a function whose body is
// not in the run, may be given a gradient, a module or a registration there.
// Every check stays silent about it; the same classes without the escape warn.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter,nn-conditional-parameter,nn-unregistered-tensor,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter,nn-conditional-parameter,nn-unregistered-tensor,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <iostream>

void external_setup(torch::Tensor &t);  // body not in the run

// The auxiliary head is not reached from forward(); the training step runs it
// itself, so it gets a gradient there.
struct AuxNetImpl : torch::nn::Module {
  AuxNetImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    aux = register_module("aux", torch::nn::Linear(8, 2));
  }
  torch::Tensor forward(torch::Tensor x) { return body(x); }
  torch::nn::Linear body{nullptr}, aux{nullptr};
};
TORCH_MODULE(AuxNet);

void aux_step(AuxNet net, torch::Tensor x) {
  torch::Tensor h = net(x);
  torch::Tensor loss = h.sum() + net->aux(h).sum();
  loss.backward();
}

// The same head, named by no code outside the class: it gets no gradient.
struct LoneNetImpl : torch::nn::Module {
  LoneNetImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    aux = register_module("aux", torch::nn::Linear(8, 2));
    // CHECK: escaping-members.cpp:[[@LINE-1]]:11: warning: submodule 'aux' is registered but never reached from forward()
  }
  torch::Tensor forward(torch::Tensor x) { return body(x); }
  torch::nn::Linear body{nullptr}, aux{nullptr};
};

// A tensor member made with requires_grad and never registered, but given to
// a function nnlint cannot see (which may register it): silent; the same
// member kept to itself warns.
struct ScaledImpl : torch::nn::Module {
  ScaledImpl() {
    scale = torch::ones({8}, torch::requires_grad());
    external_setup(scale);
  }
  torch::Tensor forward(torch::Tensor x) { return x * scale; }
  torch::Tensor scale;
};

struct LoneScaledImpl : torch::nn::Module {
  LoneScaledImpl() { scale = torch::ones({8}, torch::requires_grad()); }
  // CHECK-DAG: escaping-members.cpp:[[@LINE-1]]:22: note: made to require grad here, in the constructor
  torch::Tensor forward(torch::Tensor x) { return x * scale; }
  torch::Tensor scale;
  // CHECK-DAG: escaping-members.cpp:[[@LINE-1]]:17: warning: tensor 'scale' requires grad but is never registered
};

// A submodule never registered in the class, which main() registers: silent.
struct OpenImpl : torch::nn::Module {
  OpenImpl() { head = torch::nn::Linear(8, 2); }
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  torch::nn::Linear head{nullptr};
};

int main() {
  auto open = std::make_shared<OpenImpl>();
  open->register_module("head", open->head);
  aux_step(AuxNet(), torch::ones({1, 8}));
}

// Printed outside the class: printing neither registers nor trains, so the
// check still warns.
struct PrintedImpl : torch::nn::Module {
  PrintedImpl() { head = torch::nn::Linear(8, 2); }
  // CHECK-DAG: escaping-members.cpp:[[@LINE-1]]:19: note: assigned here, in the constructor
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  torch::nn::Linear head{nullptr};
  // CHECK-DAG: escaping-members.cpp:[[@LINE-1]]:21: warning: submodule 'head' (torch::nn::Linear) is never registered
};
TORCH_MODULE(Printed);

void show(Printed net) { std::cout << "head: " << net->head << std::endl; }
