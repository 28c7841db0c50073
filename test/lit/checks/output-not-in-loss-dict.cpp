// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-output-not-in-loss %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-output-not-in-loss %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// forward() returning a torch::Dict or a std::map filled under constant keys:
// each key is an output, and the training code selects outputs by key.
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <string>

// torch::Dict, filled with insert().
struct TwoHeadImpl : torch::nn::Module {
  TwoHeadImpl() {
    trunk = register_module("trunk", torch::nn::Linear(8, 8));
    cls = register_module("cls", torch::nn::Linear(8, 3));
    aux = register_module("aux", torch::nn::Linear(8, 1));
    // CHECK-DAG: output-not-in-loss-dict.cpp:[[@LINE-1]]:11: note: 'aux' is registered here
  }
  torch::Dict<std::string, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk(x));
    torch::Dict<std::string, torch::Tensor> out;
    out.insert("logits", cls(h));
    out.insert("aux", aux(h));
    return out;
  }
  torch::nn::Linear trunk{nullptr}, cls{nullptr}, aux{nullptr};
};
TORCH_MODULE(TwoHead);

void train_logits_only(TwoHead net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor y) {
  auto out = net(x);
  // CHECK-DAG: output-not-in-loss-dict.cpp:[[@LINE-1]]:14: warning: output "aux" of TwoHeadImpl::forward() never reaches the loss passed to backward(); 'aux' only feeds this output and gets no gradient [nn-output-not-in-loss]
  torch::Tensor loss = torch::cross_entropy_loss(out.at("logits"), y);
  loss.backward();
  // CHECK-DAG: output-not-in-loss-dict.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}

// Both keys reach the loss, one through a local.
void train_both(TwoHead net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor y, torch::Tensor z) {
  auto out = net(x);
  torch::Tensor aux = out.at("aux");
  torch::Tensor loss = torch::cross_entropy_loss(out.at("logits"), y) + (aux - z).pow(2).mean();
  loss.backward();
  opt.step();
}

// The whole dict goes to a function whose body is not in the run: silent.
torch::Tensor dict_loss(const torch::Dict<std::string, torch::Tensor> &out);
void train_external(TwoHead net, torch::optim::Optimizer &opt, torch::Tensor x) {
  torch::Tensor loss = dict_loss(net(x));
  loss.backward();
  opt.step();
}

// std::map filled with operator[]; the aux key is only printed, detached.
struct MapHeadImpl : torch::nn::Module {
  MapHeadImpl() {
    cls = register_module("cls", torch::nn::Linear(8, 3));
    depth = register_module("depth", torch::nn::Linear(8, 1));
    // CHECK-DAG: output-not-in-loss-dict.cpp:[[@LINE-1]]:13: note: 'depth' is registered here
  }
  std::map<std::string, torch::Tensor> forward(torch::Tensor x) {
    std::map<std::string, torch::Tensor> out;
    out["logits"] = cls(x);
    out["depth"] = depth(x);
    return out;
  }
  torch::nn::Linear cls{nullptr}, depth{nullptr};
};
TORCH_MODULE(MapHead);

void train_map(MapHead net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor y) {
  auto out = net(x);
  // CHECK-DAG: output-not-in-loss-dict.cpp:[[@LINE-1]]:14: warning: output "depth" of MapHeadImpl::forward() never reaches the loss passed to backward(); 'depth' only feeds this output and gets no gradient [nn-output-not-in-loss]
  std::cout << out["depth"].detach().mean().item<float>() << "\n";
  torch::Tensor loss = torch::cross_entropy_loss(out["logits"], y);
  loss.backward();
  // CHECK-DAG: output-not-in-loss-dict.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}

// A key that is not a constant: the outputs are not known, silent.
struct DynamicKeysImpl : torch::nn::Module {
  DynamicKeysImpl() {
    a = register_module("a", torch::nn::Linear(8, 3));
    b = register_module("b", torch::nn::Linear(8, 3));
  }
  torch::Dict<std::string, torch::Tensor> forward(torch::Tensor x, const std::string &name) {
    torch::Dict<std::string, torch::Tensor> out;
    out.insert(name, a(x));
    out.insert("b", b(x));
    return out;
  }
  torch::nn::Linear a{nullptr}, b{nullptr};
};
TORCH_MODULE(DynamicKeys);

void train_dynamic(DynamicKeys net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor y) {
  auto out = net(x, "a");
  torch::Tensor loss = torch::cross_entropy_loss(out.at("b"), y);
  loss.backward();
  opt.step();
}
