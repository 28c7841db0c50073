// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// An encoder whose only path to the output runs through an argument that the
// called function discards: an own method or a user function is followed
// like another module's forward(), per call site.
#include <torch/torch.h>

#include <string>
#include <vector>

// An own decode() that never uses the memory it is given.
struct TranslatorImpl : torch::nn::Module {
  TranslatorImpl() {
    encoder = register_module("encoder", torch::nn::Linear(8, 8));
    // CHECK-DAG: unused-parameter-ignored-argument.cpp:[[@LINE-1]]:15: warning: submodule 'encoder' is used in forward() but gets no gradient: its result reaches the output only through parameter 'memory' of TranslatorImpl::decode(), which never passes it on to its result; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    out = register_module("out", torch::nn::Linear(8, 8));
  }
  torch::Tensor decode(torch::Tensor tgt, const torch::Tensor &memory) { return out(torch::relu(tgt)); }
  torch::Tensor forward(torch::Tensor src, torch::Tensor tgt) {
    torch::Tensor memory = encoder(src);
    return decode(tgt, memory);
    // CHECK-DAG: unused-parameter-ignored-argument.cpp:[[@LINE-1]]:24: note: passed here to parameter 'memory' of TranslatorImpl::decode(), which ignores it
  }
  torch::nn::Linear encoder{nullptr}, out{nullptr};
};

// A free function that drops its second operand; encoder layers run in a loop.
torch::Tensor fuse(torch::Tensor query, torch::Tensor context) { return query * 2; }

struct StackedImpl : torch::nn::Module {
  StackedImpl() {
    layers = register_module("layers", torch::nn::ModuleList());
    // CHECK-DAG: unused-parameter-ignored-argument.cpp:[[@LINE-1]]:14: warning: submodule 'layers' is used in forward() but gets no gradient: its result reaches the output only through parameter 'context' of fuse(), which never passes it on to its result; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    for (int i = 0; i < 2; ++i) layers->push_back(torch::nn::Linear(8, 8));
    head = register_module("head", torch::nn::Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor src, torch::Tensor tgt) {
    torch::Tensor h = src;
    for (const auto &layer : *layers) h = layer->as<torch::nn::Linear>()->forward(h);
    return head(fuse(tgt, h));
    // CHECK-DAG: unused-parameter-ignored-argument.cpp:[[@LINE-1]]:27: note: passed here to parameter 'context' of fuse(), which ignores it
  }
  torch::nn::ModuleList layers;
  torch::nn::Linear head{nullptr};
};

// Silent: the function uses both operands, passes the memory on to another
// that uses it, or keeps it in a member; its result is discarded but it may
// keep what it is given; it writes through a reference.
torch::Tensor attend(torch::Tensor query, torch::Tensor context) { return query + context.mean(); }
torch::Tensor relay(torch::Tensor query, torch::Tensor context) { return attend(query, context); }
void encode_into(const torch::Tensor &x, torch::Tensor &out);

struct UsedImpl : torch::nn::Module {
  UsedImpl() {
    a = register_module("a", torch::nn::Linear(8, 8));
    b = register_module("b", torch::nn::Linear(8, 8));
    c = register_module("c", torch::nn::Linear(8, 8));
    d = register_module("d", torch::nn::Linear(8, 8));
    e = register_module("e", torch::nn::Linear(8, 8));
  }
  torch::Tensor remember(torch::Tensor tgt, torch::Tensor memory) {
    cache_.push_back(memory);
    return tgt;
  }
  torch::Tensor forward(torch::Tensor src, torch::Tensor tgt) {
    torch::Tensor x = attend(tgt, a(src));
    torch::Tensor y = relay(x, b(src));
    torch::Tensor z = remember(y, c(src));
    remember(z, d(src));
    torch::Tensor w;
    encode_into(e(src), w);
    return z + w;
  }
  std::vector<torch::Tensor> cache_;
  torch::nn::Linear a{nullptr}, b{nullptr}, c{nullptr}, d{nullptr}, e{nullptr};
};
