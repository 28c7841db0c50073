// nn-data-parallel-lost-buffers: data_parallel() and replicate() of models
// whose forward() updates buffers (BatchNorm's running statistics, nested in
// submodules and Sequentials; a counter forward() increments), with the
// argument as a holder, a shared_ptr and the Impl; and the calls that lose
// nothing.
// The second run adds CUDA's headers, so that LibTorch 2.11's own
// data_parallel.h is parsed where CUDA is installed (Inputs/data-parallel.h).
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-data-parallel-lost-buffers %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-data-parallel-lost-buffers %s -- %torch_flags -isystem /usr/local/cuda/include | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: %if !other-torch %{ %nnlint --checks=-*,nn-data-parallel-lost-buffers --list-checks %s | FileCheck %s --check-prefix=LIST %}
// LIST: nn-data-parallel-lost-buffers
// RUN: %if !other-torch %{ clang-tidy-19 -load %tidy_plugin '-checks=-*,nn-data-parallel-lost-buffers' %s -- %stub_flags 2>/dev/null | FileCheck %s --check-prefix=TIDY %}
#include <torch/torch.h>

#include "Inputs/data-parallel.h"

#include <memory>
#include <vector>

using torch::nn::parallel::data_parallel;

// ---- Models ---------------------------------------------------------------

// A residual block with a BatchNorm2d member.
struct BlockImpl : torch::nn::Module {
  explicit BlockImpl(int64_t c)
      : conv(register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(c, c, 3).padding(1)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(c))) {}
  torch::Tensor forward(torch::Tensor x) { return torch::relu(bn(conv(x))) + x; }
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
};
TORCH_MODULE(Block);

// A stage of blocks: the BatchNorm is two levels down from the model.
struct StageImpl : torch::nn::Module {
  explicit StageImpl(int64_t c) { first = register_module("first", Block(c)); }
  torch::Tensor forward(torch::Tensor x) { return first(x); }
  Block first{nullptr};
};
TORCH_MODULE(Stage);

// A stem Sequential with a BatchNorm2d, and a registered stage.
struct NetImpl : torch::nn::Module {
  NetImpl() {
    stem = register_module("stem", torch::nn::Sequential(torch::nn::Conv2d(3, 8, 3), torch::nn::BatchNorm2d(8),
                                                         torch::nn::ReLU()));
    stage = register_module("stage", Stage(8));
    head = register_module("head", torch::nn::Linear(8, 10));
  }
  torch::Tensor forward(torch::Tensor x) { return head(stage(stem->forward(x)).mean({2, 3})); }
  torch::nn::Sequential stem{nullptr};
  Stage stage{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Net);

// A step counter forward() increments, an average a method that forward()
// calls updates only in training, and a buffer forward() only reads.
struct CountingImpl : torch::nn::Module {
  CountingImpl() {
    fc = register_module("fc", torch::nn::Linear(4, 4));
    steps_ = register_buffer("steps", torch::zeros({1}, torch::kLong));
    mean_ = register_buffer("mean", torch::zeros({4}));
    scale_ = register_buffer("scale", torch::ones({4}));
  }
  torch::Tensor forward(torch::Tensor x) {
    steps_ += 1;
    if (is_training()) track(x);
    return fc(x) * scale_;
  }
  void track(const torch::Tensor &x) { mean_.mul_(0.9).add_(x.mean(0) * 0.1); }
  torch::nn::Linear fc{nullptr};
  torch::Tensor steps_, mean_, scale_;
};
TORCH_MODULE(Counting);

// Only the average, updated only in training: after eval() nothing is lost.
struct AveragingImpl : torch::nn::Module {
  AveragingImpl() { mean_ = register_buffer("mean", torch::zeros({4})); }
  torch::Tensor forward(torch::Tensor x) {
    if (!is_training()) return x - mean_;
    mean_.copy_(x.mean(0));
    return x - mean_;
  }
  torch::Tensor mean_;
};
TORCH_MODULE(Averaging);

// A BatchNorm made by a helper outside the class: its declared type says it.
torch::nn::BatchNorm1d make_norm(int64_t n) { return torch::nn::BatchNorm1d(torch::nn::BatchNorm1dOptions(n).eps(1e-3)); }
struct HelperMadeImpl : torch::nn::Module {
  HelperMadeImpl() { norm = register_module("norm", make_norm(4)); }
  torch::Tensor forward(torch::Tensor x) { return norm(x); }
  torch::nn::BatchNorm1d norm{nullptr};
};
TORCH_MODULE(HelperMade);

// InstanceNorm with its running statistics switched on.
struct StyleImpl : torch::nn::Module {
  StyleImpl() {
    norm = register_module("norm", torch::nn::InstanceNorm2d(
                                       torch::nn::InstanceNorm2dOptions(8).affine(true).track_running_stats(true)));
  }
  torch::Tensor forward(torch::Tensor x) { return norm(x); }
  torch::nn::InstanceNorm2d norm{nullptr};
};
TORCH_MODULE(Style);

// A BatchNorm created only when a constructor flag asks for it: the loss is
// a note, as it holds in those configurations only.
struct OptionalNormImpl : torch::nn::Module {
  explicit OptionalNormImpl(bool batch_norm) {
    layers = register_module("layers", torch::nn::Sequential());
    layers->push_back(torch::nn::Linear(4, 4));
    if (batch_norm) layers->push_back(torch::nn::BatchNorm1d(4));
  }
  torch::Tensor forward(torch::Tensor x) { return layers->forward(x); }
  torch::nn::Sequential layers{nullptr};
};
TORCH_MODULE(OptionalNorm);

// No running statistics: LayerNorm, GroupNorm, InstanceNorm by default,
// BatchNorm with track_running_stats(false); a buffer only read, and one
// moved to the input's device (the same values).
struct PlainImpl : torch::nn::Module {
  PlainImpl() {
    ln = register_module("ln", torch::nn::LayerNorm(torch::nn::LayerNormOptions({8})));
    gn = register_module("gn", torch::nn::GroupNorm(2, 8));
    in = register_module("in", torch::nn::InstanceNorm2d(8));
    bn = register_module("bn", torch::nn::BatchNorm2d(torch::nn::BatchNorm2dOptions(8).track_running_stats(false)));
    mean_ = register_buffer("mean", torch::zeros({8}));
  }
  torch::Tensor forward(torch::Tensor x) {
    mean_ = mean_.to(x.device());
    return bn(in(gn(ln(x - mean_))));
  }
  torch::nn::LayerNorm ln{nullptr};
  torch::nn::GroupNorm gn{nullptr};
  torch::nn::InstanceNorm2d in{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::Tensor mean_;
};
TORCH_MODULE(Plain);

// ---- Positives ------------------------------------------------------------

std::vector<torch::Device> gpus() { return {torch::Device(torch::kCUDA, 0), torch::Device(torch::kCUDA, 1)}; }

// The holder, in a training loop.
void train_holder(Net net, torch::optim::SGD &opt, const std::vector<torch::Tensor> &batches) {
  net->train();
  for (const torch::Tensor &x : batches) {
    opt.zero_grad();
    torch::Tensor out = data_parallel(net, x, gpus());
    // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:25: warning: data_parallel() runs forward() on clones of 'net', device 0's included, and drops them, so 'net' never gets forward()'s updates of the running statistics of a BatchNorm2d in 'stem' and 'stage.first.bn'; train one process per GPU and broadcast the buffers, copy replica 0's buffers back after each step, or use normalisation without running statistics [nn-data-parallel-lost-buffers]
    // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-111]]:86: note: a BatchNorm2d in 'stem' is created here; in training mode its forward() updates running_mean, running_var and num_batches_tracked
    // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-130]]:34: note: 'stage.first.bn' (BatchNorm2d) is created here; in training mode its forward() updates running_mean, running_var and num_batches_tracked
    // TIDY: data-parallel-lost-buffers.cpp:[[@LINE-4]]:25: warning: data_parallel() runs forward() on clones of 'net'{{.*}}[nn-data-parallel-lost-buffers]
    out.sum().backward();
    opt.step();
  }
}

// A shared_ptr to the Impl, and the Impl through ptr().
void train_shared(const torch::Tensor &x) {
  auto model = std::make_shared<NetImpl>();
  torch::nn::parallel::data_parallel(model, x, gpus()).sum().backward();
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:3: warning: data_parallel() runs forward() on clones of 'model', device 0's included, and drops them, so 'model' never gets forward()'s updates of the running statistics of a BatchNorm2d in 'stem' and 'stage.first.bn'; {{.*}}
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-124]]:86: note: a BatchNorm2d in 'stem' is created here; in training mode its forward() updates running_mean, running_var and num_batches_tracked
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-143]]:34: note: 'stage.first.bn' (BatchNorm2d) is created here; in training mode its forward() updates running_mean, running_var and num_batches_tracked
  // TIDY: data-parallel-lost-buffers.cpp:[[@LINE-4]]:3: warning: data_parallel() runs forward() on clones of 'model'{{.*}}[nn-data-parallel-lost-buffers]
  Counting counting;
  data_parallel(counting.ptr(), x, gpus()).sum().backward();
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:3: warning: data_parallel() runs forward() on clones of 'counting.ptr()', device 0's included, and drops them, so 'counting.ptr()' never gets forward()'s updates of the buffers 'steps_' and 'mean_'; {{.*}}
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-108]]:5: note: the buffer 'steps_' is changed here ('+='), in forward()
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-105]]:40: note: the buffer 'mean_' is changed here ('add_()'), in track(), called from forward()
}

// replicate(): the replicas' buffers, not the original's, change.
void by_hand(Counting counting, HelperMade made, const torch::Tensor &x) {
  auto replicas = torch::nn::parallel::replicate(counting, gpus());
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:19: warning: replicate() clones 'counting' onto every device, so 'counting' never gets the updates that forward() on the clones makes to the buffers 'steps_' and 'mean_'; train one process per GPU and broadcast the buffers, copy replica 0's buffers back after each step, or use normalisation without running statistics [nn-data-parallel-lost-buffers]
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-116]]:5: note: the buffer 'steps_' is changed here ('+='), in forward()
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-113]]:40: note: the buffer 'mean_' is changed here ('add_()'), in track(), called from forward()
  // TIDY: data-parallel-lost-buffers.cpp:[[@LINE-4]]:19: warning: replicate() clones 'counting'{{.*}}[nn-data-parallel-lost-buffers]
  auto more = torch::nn::parallel::replicate(made.ptr(), gpus());
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:15: warning: replicate() clones 'made.ptr()' onto every device, so 'made.ptr()' never gets the updates that forward() on the clones makes to the running statistics of 'norm'; {{.*}}
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-94]]:26: note: 'norm' (BatchNorm1d) is declared here; in training mode its forward() updates running_mean, running_var and num_batches_tracked
  replicas[0]->forward(x);
  more[0]->forward(x);
}

// Statistics switched on for an InstanceNorm; a loop that evaluates at the end
// of each epoch and trains again at its start.
void epochs(Style style, const torch::Tensor &x) {
  for (int epoch = 0; epoch < 3; ++epoch) {
    style->train();
    data_parallel(style, x, gpus()).sum().backward();
    // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:5: warning: data_parallel() runs forward() on clones of 'style', device 0's included, and drops them, so 'style' never gets forward()'s updates of the running statistics of 'norm'; {{.*}}
    // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-99]]:36: note: 'norm' (InstanceNorm2d) is created here; in training mode its forward() updates running_mean, running_var and num_batches_tracked
    style->eval();
  }
}

// After eval(), the counter forward() increments in any mode is still lost.
void evaluate_counting(Counting counting, const torch::Tensor &x) {
  counting->eval();
  data_parallel(counting, x, gpus());
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:3: warning: data_parallel() runs forward() on clones of 'counting', device 0's included, and drops them, so 'counting' never gets forward()'s updates of the buffer 'steps_'; {{.*}}
  // CHECK: data-parallel-lost-buffers.cpp:[[@LINE-143]]:5: note: the buffer 'steps_' is changed here ('+='), in forward()
}

void configurable(OptionalNorm optional, const torch::Tensor &x) { data_parallel(optional, x, gpus()); }
// CHECK: data-parallel-lost-buffers.cpp:[[@LINE-1]]:68: note: data_parallel() runs forward() on clones of 'optional', device 0's included, and drops them, so 'optional' never gets forward()'s updates of the running statistics of a BatchNorm1d in 'layers', in the configurations that create them; {{.*}}
// CHECK: data-parallel-lost-buffers.cpp:[[@LINE-100]]:39: note: a BatchNorm1d in 'layers' is created here on some branches; in training mode its forward() updates running_mean, running_var and num_batches_tracked

// ---- Negatives ------------------------------------------------------------

void no_running_statistics(Plain plain, const torch::Tensor &x) { data_parallel(plain, x, gpus()); }

// Evaluation: eval() first, or gradients off.
void evaluate(Net net, Averaging avg, const torch::Tensor &x) {
  net->eval();
  data_parallel(net, x, gpus());
  avg->train(false);
  data_parallel(avg, x, gpus());
}

void evaluate_no_grad(Net net, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  data_parallel(net, x, gpus());
}

// One device: data_parallel moves the module there and runs it, no clone.
void one_device(Net net, const torch::Tensor &x) {
  data_parallel(net, x, std::vector<torch::Device>{torch::Device(torch::kCUDA, 0)});
}

// replicate() whose caller copies replica 0's buffers back.
void copy_back(Counting counting, const torch::Tensor &x) {
  auto replicas = torch::nn::parallel::replicate(counting, gpus());
  replicas[0]->forward(x);
  torch::NoGradGuard no_grad;
  auto own = counting->named_buffers();
  for (const auto &b : replicas[0]->named_buffers()) own[b.key()].copy_(b.value());
}

// Another library's data_parallel with the same name.
namespace mylib {
template <typename M>
torch::Tensor data_parallel(M module, torch::Tensor x, std::vector<torch::Device> devices) {
  return module->forward(x);
}
}  // namespace mylib
void other_namespace(Net net, const torch::Tensor &x) { mylib::data_parallel(net, x, gpus()); }

// The model is a template parameter: its type is not known here.
template <typename Model>
void generic(Model model, const torch::Tensor &x) {
  data_parallel(model, x, gpus());
}

// A library module: no class of the run to look into.
void library_module(const torch::Tensor &x) { data_parallel(torch::nn::Linear(4, 4), x, gpus()); }
