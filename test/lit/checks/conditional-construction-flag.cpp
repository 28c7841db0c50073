// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-conditional-parameter %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-conditional-parameter %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A registration and its use under the same construction-time condition are
// always used when they exist; a condition fixed at construction with an
// unconditional registration is a note; run-time state is a warning.
#include <torch/torch.h>

// A residual block: the projection exists exactly when the flag set beside it holds.
struct ResidualImpl : torch::nn::Module {
  ResidualImpl(int64_t in, int64_t out, int64_t stride) {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1)));
    if (stride != 1 || in != out) {
      has_projection_ = true;
      projection = register_module("projection", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1).stride(stride)));
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor shortcut = has_projection_ ? projection(x) : x;
    return torch::relu(conv(x) + shortcut);
  }
  bool has_projection_ = false;
  torch::nn::Conv2d conv{nullptr}, projection{nullptr};
};

// A constructor parameter stored in a member; registration and use both under `!basic`.
struct BottleneckImpl : torch::nn::Module {
  BottleneckImpl(int64_t width, bool basic) : basic_(basic) {
    reduce = register_module("reduce", torch::nn::Linear(width, width));
    if (!basic) expand = register_module("expand", torch::nn::Linear(width, width));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = reduce(x);
    if (!basic_) {
      x = expand(x);
    }
    return x;
  }
  const bool basic_;
  torch::nn::Linear reduce{nullptr}, expand{nullptr};
};

// An enum fixed at construction, read by a switch; the holder's own null check.
enum class Head { Plain, Wide, Gated };

struct HeadedImpl : torch::nn::Module {
  HeadedImpl(Head head, int64_t in, int64_t out) : head_(head) {
    if (head == Head::Wide) wide = register_module("wide", torch::nn::Linear(in, 4 * in));
    if (head_ == Head::Gated) gate = register_module("gate", torch::nn::Linear(in, in));
    if (in != out) proj = register_module("proj", torch::nn::Linear(in, out));
  }
  torch::Tensor forward(torch::Tensor x) {
    switch (head_) {
      case Head::Wide:
        x = wide(x).narrow(1, 0, x.size(1));
        break;
      case Head::Gated:
        x = x * torch::sigmoid(gate(x));
        break;
      default:
        break;
    }
    if (!proj.is_empty()) x = proj(x);
    return x;
  }
  Head head_;
  torch::nn::Linear wide{nullptr}, gate{nullptr}, proj{nullptr};
};

// The holder itself is the flag, through a local reference and an early return.
struct OptionalNormImpl : torch::nn::Module {
  explicit OptionalNormImpl(bool norm) {
    body = register_module("body", torch::nn::Linear(8, 8));
    if (norm) ln = register_module("ln", torch::nn::LayerNorm(std::vector<int64_t>{8}));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = body(x);
    auto &norm = ln;
    if (!norm) return x;
    return ln(x);
  }
  torch::nn::Linear body{nullptr};
  torch::nn::LayerNorm ln{nullptr};
};

// Registered always, used under a flag fixed at construction: models built
// with the flag off carry an untrained head. A note, not a warning.
struct AuxImpl : torch::nn::Module {
  explicit AuxImpl(bool aux) : use_aux_(aux) {
    trunk = register_module("trunk", torch::nn::Linear(8, 8));
    aux_head = register_module("aux_head", torch::nn::Linear(8, 2));
    // CHECK: conditional-construction-flag.cpp:[[@LINE-1]]:16: note: submodule 'aux_head' is reached from forward() only when 'use_aux_', which is fixed when the module is built; a model built the other way registers it but never trains it [nn-conditional-parameter]
    // CHECK: conditional-construction-flag.cpp:[[@LINE+5]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    x = trunk(x);
    torch::Tensor y = x.sum(1, true);
    if (use_aux_) y = y + aux_head(x).sum(1, true);
    return y;
  }
  bool use_aux_;
  torch::nn::Linear trunk{nullptr}, aux_head{nullptr};
};

// Registered under one flag, used under another: some configurations register it and skip it.
struct TwoFlagsImpl : torch::nn::Module {
  TwoFlagsImpl(bool build_extra, bool use_extra) : build_extra_(build_extra), use_extra_(use_extra) {
    base = register_module("base", torch::nn::Linear(4, 4));
    if (build_extra_) extra = register_module("extra", torch::nn::Linear(4, 4));
    // CHECK: conditional-construction-flag.cpp:[[@LINE-1]]:31: note: submodule 'extra' is reached from forward() only when 'use_extra_', which is fixed when the module is built; a model built the other way registers it but never trains it [nn-conditional-parameter]
    // CHECK: conditional-construction-flag.cpp:[[@LINE+4]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    x = base(x);
    if (use_extra_ && extra) x = extra(x);
    return x;
  }
  bool build_extra_, use_extra_;
  torch::nn::Linear base{nullptr}, extra{nullptr};
};

// A flag that a method changes after construction is run-time state: a warning.
struct SwitchableImpl : torch::nn::Module {
  SwitchableImpl() {
    base = register_module("main", torch::nn::Linear(4, 4));
    refine = register_module("refine", torch::nn::Linear(4, 4));
    // CHECK: conditional-construction-flag.cpp:[[@LINE-1]]:14: warning: submodule 'refine' is reached from forward() only when 'refining_'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-construction-flag.cpp:[[@LINE+5]]:12: note: reached only under this condition
  }
  void start_refining() { refining_ = true; }
  torch::Tensor forward(torch::Tensor x) {
    x = base(x);
    return refining_ ? refine(x) : x;
  }
  bool refining_ = false;
  torch::nn::Linear base{nullptr}, refine{nullptr};
};

// The same construction flag, but the use also depends on the data: a warning.
struct MixedImpl : torch::nn::Module {
  explicit MixedImpl(bool deep) : deep_(deep) {
    if (deep_) deeper = register_module("deeper", torch::nn::Linear(4, 4));
    // CHECK: conditional-construction-flag.cpp:[[@LINE-1]]:25: warning: submodule 'deeper' is reached from forward() only when 'deep_ && x.size(0) > 1'; on other iterations it gets no gradient, so every GPU must take the same branch [nn-conditional-parameter]
    // CHECK: conditional-construction-flag.cpp:[[@LINE+3]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    if (deep_ && x.size(0) > 1) x = deeper(x);
    return x;
  }
  bool deep_;
  torch::nn::Linear deeper{nullptr};
};

// Training-only branches: no backward() runs in evaluation, so nothing to report.
struct TrainOnlyImpl : torch::nn::Module {
  TrainOnlyImpl() {
    net = register_module("net", torch::nn::Linear(4, 4));
    noise_proj = register_module("noise_proj", torch::nn::Linear(4, 4));
    distill = register_module("distill", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = net(x);
    if (this->is_training()) x = x + noise_proj(torch::randn_like(x));
    if (!is_training()) return x;
    return x + distill(x);
  }
  torch::nn::Linear net{nullptr}, noise_proj{nullptr}, distill{nullptr};
};

// Used only in evaluation: it never gets a gradient. A note.
struct EvalOnlyImpl : torch::nn::Module {
  EvalOnlyImpl() {
    net = register_module("net", torch::nn::Linear(4, 4));
    calibrate = register_module("calibrate", torch::nn::Linear(4, 4));
    // CHECK: conditional-construction-flag.cpp:[[@LINE-1]]:17: note: submodule 'calibrate' is reached from forward() only when 'is_training()' is false, which never holds in training; it is registered but gets no gradient [nn-conditional-parameter]
    // CHECK: conditional-construction-flag.cpp:[[@LINE+4]]:9: note: reached only when this condition is false
  }
  torch::Tensor forward(torch::Tensor x) {
    x = net(x);
    if (is_training()) return x;
    return calibrate(x);
  }
  torch::nn::Linear net{nullptr}, calibrate{nullptr};
};

// A local copy of the flag computed in forward(), and a flag derived in the constructor.
struct LocalFlagImpl : torch::nn::Module {
  LocalFlagImpl(int64_t in, int64_t out) : in_(in), out_(out) {
    resize_ = in != out;
    if (resize_) resize = register_module("resize", torch::nn::Linear(in, out));
  }
  torch::Tensor forward(torch::Tensor x) {
    const bool needs_resize = resize_;
    if (needs_resize) x = resize(x);
    return x;
  }
  int64_t in_, out_;
  bool resize_;
  torch::nn::Linear resize{nullptr};
};
TORCH_MODULE(LocalFlag);

// A builder method that registers modules is construction too: its flag is fixed, a note.
struct BuiltLaterImpl : torch::nn::Module {
  BuiltLaterImpl() { with_aux_ = false; }
  void build(bool aux) {
    main_head = register_module("main_head", torch::nn::Linear(4, 2));
    if (aux) with_aux_ = true;
    aux_head = register_module("aux_head", torch::nn::Linear(4, 2));
    // CHECK: conditional-construction-flag.cpp:[[@LINE-1]]:16: note: submodule 'aux_head' is reached from forward() only when 'with_aux_', which is fixed when the module is built; a model built the other way registers it but never trains it [nn-conditional-parameter]
    // CHECK: conditional-construction-flag.cpp:[[@LINE+4]]:9: note: reached only under this condition
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor y = main_head(x);
    if (with_aux_) y = y + aux_head(x);
    return y;
  }
  bool with_aux_;
  torch::nn::Linear main_head{nullptr}, aux_head{nullptr};
};
