// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unused-parameter,nn-output-not-in-loss %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unused-parameter,nn-output-not-in-loss %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// Values that carry no gradient (the CutsGradient rows of flow/LibrarySemantics.def): indices, comparisons,
// C++ numbers. Matched by the callee's declaration, not by its name.
#include <torch/torch.h>
#include <tuple>

// A router whose scores are used only as indices or as a mask: no gradient
// reaches the scoring layers, whatever the spelling.
struct RouterImpl : torch::nn::Module {
  RouterImpl() {
    experts = register_module("experts", torch::nn::Linear(8, 8));
    score = register_module("score", torch::nn::Linear(8, 4));
    // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:13: warning: submodule 'score' is used in forward() but gets no gradient: its result reaches the output only through argmax(), which carries no gradient; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    rank = register_module("rank", torch::nn::Linear(8, 4));
    // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:12: warning: submodule 'rank' is used in forward() but gets no gradient: its result reaches the output only through argsort(), which carries no gradient; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    low = register_module("low", torch::nn::Linear(8, 4));
    // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:11: warning: submodule 'low' is used in forward() but gets no gradient: its result reaches the output only through argmin(), which carries no gradient; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    gate = register_module("gate", torch::nn::Linear(8, 8));
    // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:12: warning: submodule 'gate' is used in forward() but gets no gradient: its result reaches the output only through a comparison, which carries no gradient; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    keep = register_module("keep", torch::nn::Linear(8, 8));
    // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:12: warning: submodule 'keep' is used in forward() but gets no gradient: its result reaches the output only through gt(), which carries no gradient; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    width = register_module("width", torch::nn::Linear(8, 8));
    // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:13: warning: submodule 'width' is used in forward() but gets no gradient: its result reaches the output only through a C++ number ('int64_t'), which carries no gradient; this breaks gradient all-reduce on several GPUs [nn-unused-parameter]
    // CHECK-DAG: gradient-cuts.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result detached from the gradient here
    // CHECK-DAG: gradient-cuts.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result detached from the gradient here
    // CHECK-DAG: gradient-cuts.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result detached from the gradient here
    // CHECK-DAG: gradient-cuts.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result detached from the gradient here
    // CHECK-DAG: gradient-cuts.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result detached from the gradient here
    // CHECK-DAG: gradient-cuts.cpp:{{[0-9]+}}:{{[0-9]+}}: note: result detached from the gradient here
  }
  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor h = experts(x);
    auto idx = score(x).argmax(1);
    auto order = rank(x).argsort(1, /*descending=*/true);
    auto worst = torch::argmin(low(x), 1);
    h = h.index_select(0, idx).index_select(0, order).index_select(0, worst);
    auto mask = gate(x) > 0;
    h = h * mask;
    h = torch::where(keep(x).gt(0.5), h, x);
    int64_t n = width(x).size(0);
    return h.view({n, -1});
  }
  torch::nn::Linear experts{nullptr}, score{nullptr}, rank{nullptr}, low{nullptr}, gate{nullptr}, keep{nullptr},
      width{nullptr};
};

// Not cuts: a user function that happens to be called argmax, a
// differentiable op (sigmoid), and a parameter read only for its shape.
namespace mine {
torch::Tensor argmax(torch::Tensor t, int64_t) { return t * 2; }
}  // namespace mine
struct SoftGateImpl : torch::nn::Module {
  SoftGateImpl() {
    a = register_module("a", torch::nn::Linear(8, 8));
    b = register_module("b", torch::nn::Linear(8, 8));
    scale = register_parameter("scale", torch::ones({8}));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto g = mine::argmax(a(x), 1);
    auto s = torch::sigmoid(b(x));
    int64_t n = scale.size(0);
    return (g + s).view({-1, n});
  }
  torch::nn::Linear a{nullptr}, b{nullptr};
  torch::Tensor scale;
};

// A loss weighted by a mask computed from the auxiliary output: the output
// reaches backward() only through a comparison, so 'aux' gets no gradient.
struct TwoHeadImpl : torch::nn::Module {
  TwoHeadImpl() {
    trunk = register_module("trunk", torch::nn::Linear(8, 8));
    cls = register_module("cls", torch::nn::Linear(8, 4));
    aux = register_module("aux", torch::nn::Linear(8, 1));
    // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:11: note: 'aux' is registered here
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk(x));
    return {cls(h), aux(h)};
  }
  torch::nn::Linear trunk{nullptr}, cls{nullptr}, aux{nullptr};
};
TORCH_MODULE(TwoHead);

void train_two_head(TwoHead net, torch::Tensor x, torch::Tensor y) {
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.1));
  auto [logits, confidence] = net(x);
  // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:17: warning: output 1 ('confidence') of TwoHeadImpl::forward() never reaches the loss passed to backward(); 'aux' only feeds this output and gets no gradient [nn-output-not-in-loss]
  auto weight = (confidence >= 0.5).to(torch::kFloat);
  torch::Tensor loss = (torch::mse_loss(logits, y) * weight).mean();
  loss.backward();
  // CHECK-DAG: gradient-cuts.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}
