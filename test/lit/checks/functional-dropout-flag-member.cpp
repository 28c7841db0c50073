// nn-functional-dropout-in-eval: a dropout whose training flag is a member
// the constructor takes from a parameter (Cifar10's `DropOut(0.25, true)`):
// always on for the modules constructed with it true, through a holder,
// make_shared, the Impl itself or a default argument; silent where every
// construction passes false or a value the analysis does not know, and where
// a method may change the flag after construction.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-functional-dropout-in-eval %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-functional-dropout-in-eval %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

// ---- Positives ------------------------------------------------------------

class DropOutImpl : public torch::nn::Module {
 public:
  DropOutImpl(double rate, bool is_train) : rate_(rate), is_train_(is_train) {}
  torch::Tensor forward(torch::Tensor x) { return torch::dropout(x, rate_, is_train_); }
  // CHECK: functional-dropout-flag-member.cpp:[[@LINE-1]]:51: warning: 'at::dropout' in 'DropOutImpl::forward' drops activations in eval() mode too: its training flag 'is_train_' is fixed when the module is constructed, and it is constructed with true; pass the module's mode with is_training() [nn-functional-dropout-in-eval]
  // CHECK: functional-dropout-flag-member.cpp:[[@LINE-2]]:76: note: 'is_train_' is the training flag
  // CHECK: functional-dropout-flag-member.cpp:[[@LINE+11]]:{{[0-9]+}}: note: constructed with 'is_train_' true here

 private:
  double rate_;
  bool is_train_;
};
TORCH_MODULE(DropOut);

struct NetImpl : torch::nn::Module {
  NetImpl() {
    fc = register_module("fc", torch::nn::Linear(8, 8));
    drop = register_module("drop", DropOut(0.25, true));
  }
  torch::Tensor forward(torch::Tensor x) { return drop(fc(x)); }
  torch::nn::Linear fc{nullptr};
  DropOut drop{nullptr};
};

// The flag set in the constructor's body, the module made with make_shared,
// the argument left to its default.
struct NoiseImpl : torch::nn::Module {
  explicit NoiseImpl(double p, bool train = true) : p_(p) { train_ = train; }
  torch::Tensor forward(torch::Tensor x) {
    return torch::nn::functional::dropout(x, torch::nn::functional::DropoutFuncOptions().p(p_).training(train_));
    // CHECK: functional-dropout-flag-member.cpp:[[@LINE-1]]:12: warning: 'torch::nn::functional::dropout' in 'NoiseImpl::forward' drops activations in eval() mode too: its training flag 'train_' is fixed when the module is constructed, and it is constructed with true; pass the module's mode with is_training() [nn-functional-dropout-in-eval]
    // CHECK: functional-dropout-flag-member.cpp:[[@LINE-2]]:105: note: 'train_' is the training flag
    // CHECK: functional-dropout-flag-member.cpp:[[@LINE+7]]:{{[0-9]+}}: note: constructed with 'train_' true here
  }
  double p_;
  bool train_;
};

std::shared_ptr<NoiseImpl> make_noise() {
  return std::make_shared<NoiseImpl>(0.1);
}

// ---- Negatives ------------------------------------------------------------

// Every construction passes false, or a value not known here.
struct QuietDropImpl : torch::nn::Module {
  QuietDropImpl(double p, bool train) : p_(p), train_(train) {}
  torch::Tensor forward(torch::Tensor x) { return torch::dropout(x, p_, train_); }
  double p_;
  bool train_;
};

std::shared_ptr<QuietDropImpl> make_quiet(bool train) {
  auto a = std::make_shared<QuietDropImpl>(0.1, false);
  return train ? a : std::make_shared<QuietDropImpl>(0.2, train);
}

// Constructed with true, but train()/eval() style: a method sets the flag.
struct SwitchedDropImpl : torch::nn::Module {
  SwitchedDropImpl(double p, bool train) : p_(p), train_(train) {}
  void set_mode(bool train) { train_ = train; }
  torch::Tensor forward(torch::Tensor x) { return torch::dropout(x, p_, train_); }
  double p_;
  bool train_;
};

std::shared_ptr<SwitchedDropImpl> make_switched() { return std::make_shared<SwitchedDropImpl>(0.1, true); }
