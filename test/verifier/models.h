// Test models for the runtime verifier, each with one defect (or none). Shared by the CPU and
// GPU test runs and the examples in docs/verifier.md.
#pragma once

#include <torch/torch.h>

#include <mutex>
#include <tuple>
#include <vector>

namespace nnlint_test {

using torch::nn::Cloneable;
using torch::nn::Linear;

// facts.md's seed bug: cells_ is filled outside reset(), so clone() leaves it pointing at the
// original's fc1 and fc2.
struct AliasedImpl : Cloneable<AliasedImpl> {
  AliasedImpl() {
    reset();
    cells_ = {fc1, fc2};
  }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 8));
    fc2 = register_module("fc2", Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto& c : cells_) x = c(x);
    return x;
  }
  Linear fc1{nullptr}, fc2{nullptr};
  std::vector<Linear> cells_;
};
TORCH_MODULE(Aliased);

// Layers kept in a std::vector and never registered: not cloned, not moved by to().
struct UnregisteredImpl : Cloneable<UnregisteredImpl> {
  UnregisteredImpl() { reset(); }
  void reset() override { layers_ = {Linear(8, 8), Linear(8, 8)}; }
  torch::Tensor forward(torch::Tensor x) {
    for (auto& l : layers_) x = l(x);
    return x;
  }
  std::vector<Linear> layers_;
};
TORCH_MODULE(Unregistered);

// head2 is registered but forward() never calls it.
struct UnusedParamImpl : Cloneable<UnusedParamImpl> {
  UnusedParamImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(8, 4));
    head2 = register_module("head2", Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  Linear fc{nullptr}, head2{nullptr};
};
TORCH_MODULE(UnusedParam);

// Returns (main, aux); a loss that looks at main only leaves aux out.
struct TwoHeadsImpl : Cloneable<TwoHeadsImpl> {
  TwoHeadsImpl() { reset(); }
  void reset() override {
    body = register_module("body", Linear(8, 8));
    main = register_module("main", Linear(8, 2));
    aux = register_module("aux", Linear(8, 3));
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    auto h = torch::relu(body(x));
    return {main(h), aux(h)};
  }
  Linear body{nullptr}, main{nullptr}, aux{nullptr};
};
TORCH_MODULE(TwoHeads);

// Residual blocks with GroupNorm (per-sample, so shards agree with the whole batch).
struct BlockImpl : Cloneable<BlockImpl> {
  explicit BlockImpl(int64_t c = 8) : c_(c) { reset(); }
  void reset() override {
    conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(c_, c_, 3).padding(1)));
    norm1 = register_module("norm1", torch::nn::GroupNorm(2, c_));
    conv2 = register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(c_, c_, 3).padding(1)));
    norm2 = register_module("norm2", torch::nn::GroupNorm(2, c_));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = torch::relu(norm1(conv1(x)));
    return torch::relu(x + norm2(conv2(h)));
  }
  int64_t c_;
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::GroupNorm norm1{nullptr}, norm2{nullptr};
};
TORCH_MODULE(Block);

struct ResNetStyleImpl : Cloneable<ResNetStyleImpl> {
  ResNetStyleImpl() { reset(); }
  void reset() override {
    stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)));
    layer1 = register_module("layer1", Block(8));
    layer2 = register_module("layer2", Block(8));
    fc = register_module("fc", Linear(8, 10));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = layer2(layer1(torch::relu(stem(x))));
    return fc(x.mean({2, 3}));
  }
  torch::nn::Conv2d stem{nullptr};
  Block layer1{nullptr}, layer2{nullptr};
  Linear fc{nullptr};
};
TORCH_MODULE(ResNetStyle);

struct MlpImpl : Cloneable<MlpImpl> {
  MlpImpl(int64_t in = 8, int64_t width = 16, int64_t depth = 2, int64_t out = 4)
      : in_(in), width_(width), depth_(depth), out_(out) {
    reset();
  }
  void reset() override {
    layers = register_module("layers", torch::nn::Sequential());
    for (int64_t i = 0; i < depth_; ++i) {
      layers->push_back(Linear(i == 0 ? in_ : width_, i + 1 == depth_ ? out_ : width_));
      if (i + 1 < depth_) layers->push_back(torch::nn::ReLU());
    }
  }
  torch::Tensor forward(torch::Tensor x) { return layers->forward(x); }
  int64_t in_, width_, depth_, out_;
  torch::nn::Sequential layers{nullptr};
};
TORCH_MODULE(Mlp);

// Convolutions whose compute grows with the images while their parameters stay few: on a large
// batch the step, not the replication, takes the time.
struct ConvStackImpl : Cloneable<ConvStackImpl> {
  ConvStackImpl(int64_t channels = 8, int64_t depth = 2) : channels_(channels), depth_(depth) { reset(); }
  void reset() override {
    layers = register_module("layers", torch::nn::Sequential());
    for (int64_t i = 0; i < depth_; ++i) {
      layers->push_back(torch::nn::Conv2d(torch::nn::Conv2dOptions(i == 0 ? 3 : channels_, channels_, 3).padding(1)));
      layers->push_back(torch::nn::ReLU());
    }
    fc = register_module("fc", Linear(channels_, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(layers->forward(x).mean({2, 3})); }
  int64_t channels_, depth_;
  torch::nn::Sequential layers{nullptr};
  Linear fc{nullptr};
};
TORCH_MODULE(ConvStack);

// Batch statistics: each shard normalises with its own mean and variance.
struct BatchNormNetImpl : Cloneable<BatchNormNetImpl> {
  BatchNormNetImpl() { reset(); }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 8));
    bn = register_module("bn", torch::nn::BatchNorm1d(8));
    fc2 = register_module("fc2", Linear(8, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2(torch::relu(bn(fc1(x)))); }
  Linear fc1{nullptr}, fc2{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
};
TORCH_MODULE(BatchNormNet);

// Uses `extra` only for shards of more than 2 samples: with 5 samples over 2 replicas,
// replica 0 (3 samples) trains it and replica 1 (2 samples) does not.
struct DataDependentImpl : Cloneable<DataDependentImpl> {
  DataDependentImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(8, 8));
    extra = register_module("extra", Linear(8, 8));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = fc(x);
    return x.size(0) > 2 ? extra(x) : x;
  }
  Linear fc{nullptr}, extra{nullptr};
};
TORCH_MODULE(DataDependent);

// Keeps the first weight it sees in a static, as a misguided cache would: whichever replica
// runs first fills it, and the others then compute with that replica's tensor.
struct StaticCacheImpl : Cloneable<StaticCacheImpl> {
  StaticCacheImpl() { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 8)); }
  static torch::Tensor& cache() {
    static torch::Tensor weight;
    return weight;
  }
  torch::Tensor forward(torch::Tensor x) {
    static std::mutex mutex;
    torch::Tensor w;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!cache().defined()) cache() = fc->weight;
      w = cache();
    }
    return torch::matmul(x, w.t());
  }
  Linear fc{nullptr};
};
TORCH_MODULE(StaticCache);

// Parameter-free: activations only.
struct NoParametersImpl : Cloneable<NoParametersImpl> {
  NoParametersImpl() { reset(); }
  void reset() override { act = register_module("act", torch::nn::ReLU()); }
  torch::Tensor forward(torch::Tensor x) { return act(x) * 2; }
  torch::nn::ReLU act{nullptr};
};
TORCH_MODULE(NoParameters);

// Dropout in training mode: the replicas and the whole batch draw different masks.
struct DropoutMlpImpl : Cloneable<DropoutMlpImpl> {
  DropoutMlpImpl() { reset(); }
  void reset() override {
    fc1 = register_module("fc1", Linear(8, 16));
    drop = register_module("drop", torch::nn::Dropout(0.5));
    fc2 = register_module("fc2", Linear(16, 4));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2(drop(torch::relu(fc1(x)))); }
  Linear fc1{nullptr}, fc2{nullptr};
  torch::nn::Dropout drop{nullptr};
};
TORCH_MODULE(DropoutMlp);

// Functional dropout in the module's own forward(), and a head that forward() never calls.
struct DropoutUnusedHeadImpl : Cloneable<DropoutUnusedHeadImpl> {
  DropoutUnusedHeadImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(8, 8));
    head = register_module("head", Linear(8, 4));
    spare = register_module("spare", Linear(8, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    namespace F = torch::nn::functional;
    return head(F::dropout(torch::relu(fc(x)), F::DropoutFuncOptions().p(0.3).training(is_training())));
  }
  Linear fc{nullptr}, head{nullptr}, spare{nullptr};
};
TORCH_MODULE(DropoutUnusedHead);

// Functional dropout in the module's own forward(), following its training flag.
struct FunctionalDropoutImpl : Cloneable<FunctionalDropoutImpl> {
  FunctionalDropoutImpl() { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) {
    namespace F = torch::nn::functional;
    return fc(F::dropout(x, F::DropoutFuncOptions().p(0.3).training(is_training())));
  }
  Linear fc{nullptr};
};
TORCH_MODULE(FunctionalDropout);

// Noise added in every mode: no module's training flag turns it off.
struct NoisyInputImpl : Cloneable<NoisyInputImpl> {
  NoisyInputImpl() { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x + 0.1 * torch::randn_like(x)); }
  Linear fc{nullptr};
};
TORCH_MODULE(NoisyInput);

// Ends in LayerNorm: the plain sum of its output is constant, whatever the weights.
struct LayerNormHeadImpl : Cloneable<LayerNormHeadImpl> {
  LayerNormHeadImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(8, 16));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({16})));
  }
  torch::Tensor forward(torch::Tensor x) { return norm(torch::gelu(fc(x))); }
  Linear fc{nullptr};
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(LayerNormHead);

// A buffer that forward() only reads.
struct ReadOnlyBufferImpl : Cloneable<ReadOnlyBufferImpl> {
  ReadOnlyBufferImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(8, 4));
    scale = register_buffer("scale", torch::full({4}, 0.5));
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x) * scale; }
  Linear fc{nullptr};
  torch::Tensor scale;
};
TORCH_MODULE(ReadOnlyBuffer);

// A step counter kept in a buffer and advanced by forward().
struct CounterBufferImpl : Cloneable<CounterBufferImpl> {
  CounterBufferImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(8, 4));
    steps = register_buffer("steps", torch::zeros({1}, torch::kLong));
  }
  torch::Tensor forward(torch::Tensor x) {
    steps.add_(1);
    return fc(x);
  }
  Linear fc{nullptr};
  torch::Tensor steps;
};
TORCH_MODULE(CounterBuffer);

// Centres every feature over the batch in forward() itself, in every mode.
struct BatchCentredImpl : Cloneable<BatchCentredImpl> {
  BatchCentredImpl() { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) {
    auto h = fc(x);
    return h - h.mean(0, /*keepdim=*/true);
  }
  Linear fc{nullptr};
};
TORCH_MODULE(BatchCentred);

// A mask made with torch::kCUDA and no index: data_parallel sets no device guard, so every
// replica makes it on the thread's current device (cuda:0). With use_input_device, the mask
// follows the input (x.options()), as it should.
struct CudaMaskImpl : Cloneable<CudaMaskImpl> {
  explicit CudaMaskImpl(bool use_input_device = false) : use_input_device_(use_input_device) { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor x) {
    auto options = use_input_device_ ? x.options() : torch::TensorOptions().device(torch::kCUDA);
    return fc(x) * torch::ones({8}, options);
  }
  bool use_input_device_;
  Linear fc{nullptr};
};
TORCH_MODULE(CudaMask);

}  // namespace nnlint_test
