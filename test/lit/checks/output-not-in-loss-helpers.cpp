// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-output-not-in-loss %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
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

// The loss computed by a trainer's method, which also runs the model: the box
// head gets no gradient.
struct Trainer {
  Detector net;
  torch::optim::SGD opt;
  Trainer() : net(), opt(net->parameters(), 0.1) {}

  torch::Tensor loss_of(const torch::Tensor &x, const torch::Tensor &labels) {
    Heads heads = net(x);
    // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:19: warning: output 1 ('box') of DetectorImpl::forward() never reaches the loss passed to backward(); 'reg' only feeds this output and gets no gradient [nn-output-not-in-loss]
    return class_loss(heads, labels);
  }
  void step(const torch::Tensor &x, const torch::Tensor &labels) {
    opt.zero_grad();
    torch::Tensor loss = loss_of(x, labels);
    loss.backward();
    // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:5: note: backward() is called here
    opt.step();
  }

  // A method given the outputs, and a lambda: both read both fields.
  torch::Tensor both(const Heads &h, const torch::Tensor &labels, const torch::Tensor &boxes) const {
    return full_loss(h, labels, boxes);
  }
  void step_both(const torch::Tensor &x, const torch::Tensor &labels, const torch::Tensor &boxes) {
    opt.zero_grad();
    Heads heads = net(x);
    torch::Tensor loss = both(heads, labels, boxes);
    auto box_term = [&](const Heads &h) { return (h.box - boxes).abs().mean(); };
    Heads again = net(x);
    loss = loss + box_term(again) + class_loss(again, labels);
    loss.backward();
    opt.step();
  }

  // A virtual method may be overridden by one that reads the box: not followed, silent.
  virtual torch::Tensor criterion(const Heads &h, const torch::Tensor &labels) { return class_loss(h, labels); }
  void step_virtual(const torch::Tensor &x, const torch::Tensor &labels) {
    opt.zero_grad();
    torch::Tensor loss = criterion(net(x), labels);
    loss.backward();
    opt.step();
  }
  virtual ~Trainer() = default;
};

// A functor reading only the logits, called on the outputs: the box head gets no gradient.
struct ClassOnly {
  torch::Tensor operator()(const Heads &h, const torch::Tensor &labels) const { return class_loss(h, labels); }
};
void train_functor(Detector net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor labels) {
  ClassOnly criterion;
  Heads heads = net(x);
  // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:17: warning: output 1 ('box') of DetectorImpl::forward() never reaches the loss passed to backward(); 'reg' only feeds this output and gets no gradient [nn-output-not-in-loss]
  torch::Tensor loss = criterion(heads, labels);
  loss.backward();
  // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}

// A lambda reading only the logits: the same.
void train_lambda(Detector net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor labels) {
  auto criterion = [&labels](const Heads &h) { return class_loss(h, labels); };
  torch::Tensor loss = criterion(net(x));
  // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:34: warning: output 1 ('box') of DetectorImpl::forward() never reaches the loss passed to backward(); 'reg' only feeds this output and gets no gradient [nn-output-not-in-loss]
  loss.backward();
  // CHECK-DAG: output-not-in-loss-helpers.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}
