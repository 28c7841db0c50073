// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// Entry points are what code actually calls on a module: the methods a
// training step calls, the methods an owner's forward() calls on its member,
// and, when nobody runs a module's forward(), only those.
#include <torch/torch.h>
#include <memory>

// The training step calls compute_loss(), which uses 'probe': it is trained.
struct ScorerImpl : torch::nn::Module {
  ScorerImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    probe = register_module("probe", torch::nn::Linear(8, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return body(x); }
  torch::Tensor compute_loss(torch::Tensor x, torch::Tensor y) {
    return torch::mse_loss(probe(torch::relu(forward(x))), y);
  }
  torch::nn::Linear body{nullptr}, probe{nullptr};
};
TORCH_MODULE(Scorer);

void train_scorer(Scorer model, torch::Tensor x, torch::Tensor y) {
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  opt.zero_grad();
  auto loss = model->compute_loss(x, y);
  loss.backward();
  opt.step();
}

// A loss helper that the training step calls runs value(): 'critic' is trained.
struct PolicyImpl : torch::nn::Module {
  PolicyImpl() {
    actor = register_module("actor", torch::nn::Linear(8, 2));
    critic = register_module("critic", torch::nn::Linear(8, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return actor(x); }
  torch::Tensor value(torch::Tensor x) { return critic(x); }
  torch::nn::Linear actor{nullptr}, critic{nullptr};
};
TORCH_MODULE(Policy);

torch::Tensor value_loss(Policy &policy, torch::Tensor x, torch::Tensor returns) {
  return torch::mse_loss(policy->value(x), returns);
}

void train_policy(Policy policy, torch::Tensor x, torch::Tensor returns) {
  torch::Tensor loss = policy(x).mean() + value_loss(policy, x, returns);
  loss.backward();
}

// An owner's forward() calls the encoder and its project(): 'proj' is trained.
struct EncoderImpl : torch::nn::Module {
  EncoderImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    proj = register_module("proj", torch::nn::Linear(8, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return torch::relu(body(x)); }
  torch::Tensor project(torch::Tensor h) { return proj(h); }
  torch::nn::Linear body{nullptr}, proj{nullptr};
};
TORCH_MODULE(Encoder);

struct ContrastiveImpl : torch::nn::Module {
  ContrastiveImpl() { enc = register_module("enc", Encoder()); }
  torch::Tensor forward(torch::Tensor x) { return enc->project(enc(x)); }
  Encoder enc{nullptr};
};

// The owner calls only backbone->features(): the backbone's head, used only
// by the backbone's own forward(), which nothing runs, gets no gradient.
struct BackboneImpl : torch::nn::Module {
  BackboneImpl() {
    conv = register_module("conv", torch::nn::Linear(8, 8));
    head = register_module("head", torch::nn::Linear(8, 10));
    // CHECK-DAG: unused-parameter-callers.cpp:[[@LINE-1]]:12: warning: submodule 'head' is never reached from the methods that code calls on BackboneImpl (features()); no code calls its forward(), so it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
  }
  torch::Tensor features(torch::Tensor x) { return torch::relu(conv(x)); }
  torch::Tensor forward(torch::Tensor x) { return head(features(x)); }
  // CHECK-DAG: unused-parameter-callers.cpp:[[@LINE-1]]:17: note: used in forward(), which no code calls
  torch::nn::Linear conv{nullptr}, head{nullptr};
};
TORCH_MODULE(Backbone);

struct DetectorImpl : torch::nn::Module {
  DetectorImpl() {
    backbone = register_module("backbone", Backbone());
    box = register_module("box", torch::nn::Linear(8, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return box(backbone->features(x)); }
  // CHECK-DAG: unused-parameter-callers.cpp:[[@LINE-1]]:55: note: only features() is called here
  Backbone backbone{nullptr};
  torch::nn::Linear box{nullptr};
};

// The same through a shared_ptr member and `this->`: 'cls' gets no gradient.
struct TrunkImpl : torch::nn::Module {
  TrunkImpl() {
    stem = register_module("stem", torch::nn::Linear(8, 8));
    cls = register_module("cls", torch::nn::Linear(8, 3));
    // CHECK-DAG: unused-parameter-callers.cpp:[[@LINE-1]]:11: warning: submodule 'cls' is never reached from the methods that code calls on TrunkImpl (embed()); no code calls its forward(), so it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
  }
  torch::Tensor embed(torch::Tensor x) { return stem(x); }
  torch::Tensor forward(torch::Tensor x) { return cls(embed(x)); }
  // CHECK-DAG: unused-parameter-callers.cpp:[[@LINE-1]]:17: note: used in forward(), which no code calls
  torch::nn::Linear stem{nullptr}, cls{nullptr};
};

struct SiameseImpl : torch::nn::Module {
  SiameseImpl() { trunk_ = register_module("trunk", std::make_shared<TrunkImpl>()); }
  torch::Tensor forward(torch::Tensor a, torch::Tensor b) {
    return (this->trunk_->embed(a) * trunk_->embed(b)).sum(1);
    // CHECK-DAG: unused-parameter-callers.cpp:[[@LINE-1]]:13: note: only embed() is called here
  }
  std::shared_ptr<TrunkImpl> trunk_;
};

// Not reported: a backbone also built and run whole elsewhere (pretraining),
// and one whose owner probes its forward() for a shape.
struct TowerImpl : torch::nn::Module {
  TowerImpl() {
    conv = register_module("conv", torch::nn::Linear(8, 8));
    head = register_module("head", torch::nn::Linear(8, 10));
  }
  torch::Tensor features(torch::Tensor x) { return conv(x); }
  torch::Tensor forward(torch::Tensor x) { return head(features(x)); }
  torch::nn::Linear conv{nullptr}, head{nullptr};
};
TORCH_MODULE(Tower);

struct RetrievalImpl : torch::nn::Module {
  RetrievalImpl() { tower = register_module("tower", Tower()); }
  torch::Tensor forward(torch::Tensor x) { return tower->features(x); }
  Tower tower{nullptr};
};

void pretrain_tower(torch::Tensor x, torch::Tensor y) {
  Tower t;
  torch::mse_loss(t(x), y).backward();
}

struct ProbedImpl : torch::nn::Module {
  ProbedImpl() {
    conv = register_module("conv", torch::nn::Linear(8, 8));
    head = register_module("head", torch::nn::Linear(8, 10));
  }
  torch::Tensor features(torch::Tensor x) { return conv(x); }
  torch::Tensor forward(torch::Tensor x) { return head(features(x)); }
  torch::nn::Linear conv{nullptr}, head{nullptr};
};
TORCH_MODULE(Probed);

struct ProbingOwnerImpl : torch::nn::Module {
  ProbingOwnerImpl() {
    body = register_module("body", Probed());
    width = body->forward(torch::zeros({1, 8})).size(1);
  }
  torch::Tensor forward(torch::Tensor x) { return body->features(x); }
  Probed body{nullptr};
  int64_t width = 0;
};
