// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A value passed to a module's forward() that never uses it gives no
// gradient back: an encoder whose only path to the output is a memory the
// decoder ignores gets none.
#include <torch/torch.h>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl() { layer = register_module("layer", torch::nn::Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor x) { return torch::relu(layer(x)); }
  torch::nn::Linear layer{nullptr};
};
TORCH_MODULE(Encoder);

// Ignores `memory` altogether.
struct DecoderImpl : torch::nn::Module {
  DecoderImpl() {
    embed = register_module("embed", torch::nn::Linear(8, 8));
    out = register_module("out", torch::nn::Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor tgt, torch::Tensor memory) { return out(torch::relu(embed(tgt))); }
  torch::nn::Linear embed{nullptr}, out{nullptr};
};
TORCH_MODULE(Decoder);

struct Seq2SeqImpl : torch::nn::Module {
  Seq2SeqImpl() {
    encoder = register_module("encoder", Encoder());
    // CHECK-DAG: unused-parameter-ignored-input.cpp:[[@LINE-1]]:15: warning: submodule 'encoder' is used in forward() but gets no gradient: its result reaches the output only through parameter 'memory' of DecoderImpl::forward(), which never passes it on to its result; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    decoder = register_module("decoder", Decoder());
  }
  torch::Tensor forward(torch::Tensor src, torch::Tensor tgt) {
    auto memory = encoder(src);
    return decoder(tgt, memory);
    // CHECK-DAG: unused-parameter-ignored-input.cpp:[[@LINE-1]]:25: note: passed here to parameter 'memory' of DecoderImpl::forward(), which ignores it
  }
  Encoder encoder{nullptr};
  Decoder decoder{nullptr};
};

// Reads only the memory's shape, and passes it to a layer that ignores it:
// `->forward()` spelled out, two levels down.
struct CrossLayerImpl : torch::nn::Module {
  CrossLayerImpl() { ff = register_module("ff", torch::nn::Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor x, torch::Tensor context) { return x + ff(x); }
  torch::nn::Linear ff{nullptr};
};
TORCH_MODULE(CrossLayer);

struct ShapeDecoderImpl : torch::nn::Module {
  ShapeDecoderImpl() { cross = register_module("cross", CrossLayer()); }
  torch::Tensor forward(torch::Tensor tgt, torch::Tensor memory) {
    int64_t batch = memory.size(0);
    return cross->forward(tgt, memory).view({batch, -1});
  }
  CrossLayer cross{nullptr};
};
TORCH_MODULE(ShapeDecoder);

struct CaptionerImpl : torch::nn::Module {
  CaptionerImpl() {
    vision = register_module("vision", Encoder());
    // CHECK-DAG: unused-parameter-ignored-input.cpp:[[@LINE-1]]:14: warning: submodule 'vision' is used in forward() but gets no gradient: its result reaches the output only through parameter 'memory' of ShapeDecoderImpl::forward(), which never passes it on to its result; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    text = register_module("text", ShapeDecoder());
  }
  torch::Tensor forward(torch::Tensor image, torch::Tensor tokens) {
    torch::Tensor feats = vision->forward(image);
    return text->forward(tokens, feats);
    // CHECK-DAG: unused-parameter-ignored-input.cpp:[[@LINE-1]]:34: note: passed here to parameter 'memory' of ShapeDecoderImpl::forward(), which ignores it
  }
  Encoder vision{nullptr};
  ShapeDecoder text{nullptr};
};

// Not reported: a decoder that adds the memory, and one that hands it to a
// function nnlint cannot see.
struct AddDecoderImpl : torch::nn::Module {
  AddDecoderImpl() { out = register_module("out", torch::nn::Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor tgt, torch::Tensor memory) { return out(tgt + memory); }
  torch::nn::Linear out{nullptr};
};
TORCH_MODULE(AddDecoder);

torch::Tensor attend(torch::Tensor q, torch::Tensor kv);

struct OpaqueDecoderImpl : torch::nn::Module {
  OpaqueDecoderImpl() { out = register_module("out", torch::nn::Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor tgt, torch::Tensor memory) { return out(attend(tgt, memory)); }
  torch::nn::Linear out{nullptr};
};
TORCH_MODULE(OpaqueDecoder);

struct FineImpl : torch::nn::Module {
  FineImpl() {
    a = register_module("a", Encoder());
    b = register_module("b", Encoder());
    add = register_module("add", AddDecoder());
    opaque = register_module("opaque", OpaqueDecoder());
  }
  torch::Tensor forward(torch::Tensor x, torch::Tensor y) { return add(x, a(x)) + opaque(y, b(y)); }
  Encoder a{nullptr}, b{nullptr};
  AddDecoder add{nullptr};
  OpaqueDecoder opaque{nullptr};
};
