// RUN: not %nnlint --checks=-*,nn-output-not-in-loss %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: not %nnlint --checks=-*,nn-output-not-in-loss %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A struct of outputs passed whole to a loss helper: the fields the helper reads are what reach the loss.
#include <torch/torch.h>

struct Heads {
  torch::Tensor logits;
  torch::Tensor box;
};

struct DetectorImpl : torch::nn::Module {
  DetectorImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    cls = register_module("cls", torch::nn::Linear(8, 3));
    reg = register_module("reg", torch::nn::Linear(8, 4));
    // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:11: note: 'reg' is registered here
  }
  Heads forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(body(x));
    Heads out;
    out.logits = cls(h);
    out.box = reg(h);
    return out;
  }
  torch::nn::Linear body{nullptr}, cls{nullptr}, reg{nullptr};
};
TORCH_MODULE(Detector);

// Reads only the class logits: the box head gets no gradient.
torch::Tensor class_loss(const Heads &heads, const torch::Tensor &labels) {
  return torch::nll_loss(torch::log_softmax(heads.logits, 1), labels);
}

// Reads both fields.
torch::Tensor full_loss(const Heads &heads, const torch::Tensor &labels, const torch::Tensor &boxes) {
  return class_loss(heads, labels) + (heads.box - boxes).abs().mean();
}

void train_class_only(Detector net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor labels) {
  Heads heads = net(x);
  // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:17: warning: output 1 ('box') of DetectorImpl::forward() never reaches the loss passed to backward(); 'reg' only feeds this output and gets no gradient [nn-output-not-in-loss]
  torch::Tensor loss = class_loss(heads, labels);
  loss.backward();
  // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}

void train_full(Detector net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor labels, torch::Tensor boxes) {
  Heads heads = net(x);
  torch::Tensor loss = full_loss(heads, labels, boxes);
  loss.backward();
  opt.step();
}

// A helper whose body is not in the run may read anything: silent.
torch::Tensor external_loss(const Heads &heads);
void train_external(Detector net, torch::optim::Optimizer &opt, torch::Tensor x) {
  torch::Tensor loss = external_loss(net(x));
  loss.backward();
  opt.step();
}
