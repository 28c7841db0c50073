// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// An owner that reaches past a child's methods into its members
// (`backbone->features1->forward(x)`) runs only those members: what only the
// child's own forward() uses, which nothing runs, gets no gradient.
#include <torch/torch.h>

// The owner builds the backbone and runs two of its stages directly.
struct DarknetImpl : torch::nn::Module {
  DarknetImpl() {
    stage1 = register_module("stage1", torch::nn::Linear(8, 8));
    stage2 = register_module("stage2", torch::nn::Linear(8, 8));
    fc = register_module("fc", torch::nn::Linear(8, 10));
    // CHECK-DAG: unused-parameter-owner-members.cpp:[[@LINE-1]]:10: warning: submodule 'fc' is never reached from the methods and members that code uses on DarknetImpl (stage1, stage2); no code calls its forward(), so it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
  }
  torch::Tensor forward(torch::Tensor x) { return fc(stage2->forward(stage1->forward(x))); }
  // CHECK-DAG: unused-parameter-owner-members.cpp:[[@LINE-1]]:17: note: used in forward(), which no code calls
  torch::nn::Linear stage1{nullptr}, stage2{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Darknet);

struct YoloImpl : torch::nn::Module {
  YoloImpl() {
    backbone = register_module("backbone", Darknet());
    head = register_module("head", torch::nn::Linear(8, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor p3 = this->backbone->stage1->forward(x);
    // CHECK-DAG: unused-parameter-owner-members.cpp:[[@LINE-1]]:40: note: only members such as 'stage1' are used here, not forward()
    torch::Tensor p4 = backbone->stage2(p3);
    return head(p3 + p4);
  }
  Darknet backbone{nullptr};
  torch::nn::Linear head{nullptr};
};

// The backbone is handed to the owner's constructor by code nnlint does not
// see, and the owner, which nothing holds, registers it: the same.
struct TrunkImpl : torch::nn::Module {
  TrunkImpl() {
    features = register_module("features", torch::nn::Linear(8, 8));
    classifier = register_module("classifier", torch::nn::Linear(8, 10));
    // CHECK-DAG: unused-parameter-owner-members.cpp:[[@LINE-1]]:18: warning: submodule 'classifier' is never reached from the methods and members that code uses on TrunkImpl (features); no code calls its forward(), so it gets no gradient, which breaks gradient all-reduce on several GPUs [nn-unused-parameter]
  }
  torch::Tensor forward(torch::Tensor x) { return classifier(features(x)); }
  // CHECK-DAG: unused-parameter-owner-members.cpp:[[@LINE-1]]:17: note: used in forward(), which no code calls
  torch::nn::Linear features{nullptr}, classifier{nullptr};
};
TORCH_MODULE(Trunk);

struct SegmenterImpl : torch::nn::Module {
  explicit SegmenterImpl(Trunk trunk) {
    this->trunk = trunk;
    register_module("trunk", this->trunk);
    mask = register_module("mask", torch::nn::Linear(8, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return mask(trunk->features(x)); }
  // CHECK-DAG: unused-parameter-owner-members.cpp:[[@LINE-1]]:63: note: only members such as 'features' are used here, not forward()
  Trunk trunk{nullptr};
  torch::nn::Linear mask{nullptr};
};

// Silent: the owner also runs the child's forward() (for an auxiliary loss).
struct TowerImpl : torch::nn::Module {
  TowerImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    head = register_module("head", torch::nn::Linear(8, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return head(body(x)); }
  torch::nn::Linear body{nullptr}, head{nullptr};
};
TORCH_MODULE(Tower);

struct AuxOwnerImpl : torch::nn::Module {
  AuxOwnerImpl() { tower = register_module("tower", Tower()); }
  torch::Tensor forward(torch::Tensor x) { return tower->body(x).sum() + aux(x); }
  torch::Tensor aux(torch::Tensor x) { return tower->forward(x).mean(); }
  Tower tower{nullptr};
};

// Silent: the owner reaches the head too.
struct ProbeImpl : torch::nn::Module {
  ProbeImpl() {
    body = register_module("body", torch::nn::Linear(8, 8));
    head = register_module("head", torch::nn::Linear(8, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return head(body(x)); }
  torch::nn::Linear body{nullptr}, head{nullptr};
};
TORCH_MODULE(Probe);

struct TwoHeadsImpl : torch::nn::Module {
  TwoHeadsImpl() { probe = register_module("probe", Probe()); }
  torch::Tensor forward(torch::Tensor x) { return probe->head(probe->body(x)); }
  Probe probe{nullptr};
};

// Silent: the owner is itself a part of another model, and the child comes
// from code not seen; whoever builds it may run it whole.
struct StemImpl : torch::nn::Module {
  StemImpl() {
    conv = register_module("conv", torch::nn::Linear(8, 8));
    fc = register_module("fc", torch::nn::Linear(8, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(conv(x)); }
  torch::nn::Linear conv{nullptr}, fc{nullptr};
};
TORCH_MODULE(Stem);

struct InnerImpl : torch::nn::Module {
  explicit InnerImpl(Stem stem) { this->stem = register_module("stem", stem); }
  torch::Tensor forward(torch::Tensor x) { return stem->conv(x); }
  Stem stem{nullptr};
};
TORCH_MODULE(Inner);

struct OuterImpl : torch::nn::Module {
  explicit OuterImpl(Inner inner) { this->inner = register_module("inner", inner); }
  torch::Tensor forward(torch::Tensor x) { return inner(x); }
  Inner inner{nullptr};
};

// Silent: the child is also built and trained whole by code that is seen.
struct EncoderImpl : torch::nn::Module {
  EncoderImpl() {
    embed = register_module("embed", torch::nn::Linear(8, 8));
    out = register_module("out", torch::nn::Linear(8, 2));
  }
  torch::Tensor forward(torch::Tensor x) { return out(embed(x)); }
  torch::nn::Linear embed{nullptr}, out{nullptr};
};
TORCH_MODULE(Encoder);

struct TaggerImpl : torch::nn::Module {
  explicit TaggerImpl(Encoder enc) { this->enc = register_module("enc", enc); }
  torch::Tensor forward(torch::Tensor x) { return enc->embed(x); }
  Encoder enc{nullptr};
};

void pretrain(torch::Tensor x, torch::Tensor y) {
  Encoder e;
  torch::mse_loss(e(x), y).backward();
}
