// RUN: %if !other-torch %{ %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --allow-empty --implicit-check-not="{{warning|note}}:" %}
// RUN: %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --allow-empty --implicit-check-not="{{warning|note}}:"
// Computation that looks dead but is not, or whose parameters need no gradient.
#include <torch/torch.h>
#include <vector>

// The same momentum encoder with its parameters frozen in the constructor.
struct FrozenMomentumImpl : torch::nn::Module {
  FrozenMomentumImpl() {
    query = register_module("query", torch::nn::Linear(16, 8));
    key = register_module("key", torch::nn::Linear(16, 8));
    for (auto &p : key->parameters()) p.requires_grad_(false);
  }
  torch::Tensor forward(torch::Tensor a, torch::Tensor b) {
    torch::Tensor k;
    {
      torch::NoGradGuard no_grad;
      k = key(b);
    }
    return torch::matmul(query(a), k.t());
  }
  torch::nn::Linear query{nullptr}, key{nullptr};
};

// A pretrained embedding frozen through its module's tensor field.
struct FrozenEmbeddingImpl : torch::nn::Module {
  FrozenEmbeddingImpl() {
    emb = register_module("emb", torch::nn::Embedding(100, 8));
    emb->weight.requires_grad_(false);
    proj = register_module("proj", torch::nn::Linear(8, 2));
  }
  torch::Tensor forward(torch::Tensor ids) {
    torch::Tensor e;
    {
      torch::NoGradGuard no_grad;
      e = emb(ids);
    }
    return proj(e);
  }
  torch::nn::Embedding emb{nullptr};
  torch::nn::Linear proj{nullptr};
};

// A frozen tensor parameter read under no_grad; another frozen with set_requires_grad.
struct FrozenTensorImpl : torch::nn::Module {
  FrozenTensorImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    anchor = register_parameter("anchor", torch::zeros({4}));
    anchor.set_requires_grad(false);
    teacher = register_module("teacher", torch::nn::Linear(4, 4));
    for (auto &item : teacher->named_parameters()) item.value().set_requires_grad(false);
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor target = teacher(x).detach();
    torch::Tensor shift;
    {
      torch::NoGradGuard guard;
      shift = anchor * 2;
    }
    return fc(x + shift) - target;
  }
  torch::nn::Linear fc{nullptr}, teacher{nullptr};
  torch::Tensor anchor;
};

// Values that reach the output through loops, in-place updates, containers, members and helpers.
struct LiveImpl : torch::nn::Module {
  LiveImpl() {
    a = register_module("a", torch::nn::Linear(4, 4));
    b = register_module("b", torch::nn::Linear(4, 4));
    c = register_module("c", torch::nn::Linear(4, 4));
    d = register_module("d", torch::nn::Linear(4, 4));
    e = register_module("e", torch::nn::Linear(4, 4));
    f = register_module("f", torch::nn::Linear(4, 4));
    g = register_module("g", torch::nn::Linear(4, 4));
    bias = register_parameter("bias", torch::zeros({4}));
  }
  void log(const torch::Tensor &t);
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = x;
    for (int i = 0; i < 3; ++i) h = a(h);   // the loop's later iterations read it
    torch::Tensor acc = torch::zeros({4});
    acc += b(x);                             // compound assignment keeps earlier values
    acc.add_(bias);                          // in-place update of a local
    std::vector<torch::Tensor> parts;
    parts.push_back(c(x));                   // into a local container that is returned
    cache_ = d(x);                           // stored into a member
    log(e(x));                               // given to code not analysed here
    auto pick = [&](torch::Tensor t) { return f(t); };
    torch::Tensor viaLambda = pick(x);
    torch::Tensor gated = x;
    if (x.sum().item<float>() > 0) gated = g(x);  // overwritten on one path only
    return h + acc + torch::cat(parts) + viaLambda + gated;
  }
  torch::nn::Linear a{nullptr}, b{nullptr}, c{nullptr}, d{nullptr}, e{nullptr}, f{nullptr}, g{nullptr};
  torch::Tensor bias, cache_;
};
void LiveImpl::log(const torch::Tensor &t) {}

// A PackedSequence's data() is not Tensor::data(): the LSTM still gets its gradient.
struct PackedImpl : torch::nn::Module {
  PackedImpl() {
    rnn = register_module("rnn", torch::nn::LSTM(torch::nn::LSTMOptions(4, 4)));
    head = register_module("head", torch::nn::Linear(4, 2));
  }
  torch::Tensor forward(torch::nn::utils::rnn::PackedSequence seq) {
    auto out = rnn->forward_with_packed_input(seq);
    torch::Tensor flat = std::get<0>(out).data();
    return head(flat);
  }
  torch::nn::LSTM rnn{nullptr};
  torch::nn::Linear head{nullptr};
};
