// Self-test of the nnlint torch stub. Must compile with BOTH:
//   clang++-19 -std=c++17 -fsyntax-only -I test/Inputs/torch-stub test/Inputs/torch-stub/selftest.cpp
//   clang++-19 -std=c++17 -fsyntax-only -isystem /usr/include/torch/csrc/api/include test/Inputs/torch-stub/selftest.cpp
// (do not add -isystem /usr/include: it breaks libstdc++'s #include_next <stdlib.h>).
#include <torch/torch.h>
#include <torch/script.h>

#include <iostream>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#ifdef NNLINT_TORCH_STUB
// The real data_parallel.h needs a CUDA-configured LibTorch (c10/cuda/impl/cuda_cmake_macros.h).
#include <torch/nn/parallel/data_parallel.h>
#endif

namespace F = torch::nn::functional;

// A leaf module written the recommended way: members registered in the constructor.
struct MlpImpl : torch::nn::Module {
  MlpImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(torch::nn::LinearOptions(hidden, out).bias(false)))) {
    scale = register_parameter("scale", torch::ones({1}));
    running = register_buffer("running", torch::zeros({out}));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1(x));
    x = F::dropout(x, F::DropoutFuncOptions().p(0.1).training(is_training()));
    x = F::dropout3d(F::dropout2d(x, F::Dropout2dFuncOptions().p(0.1)), F::Dropout3dFuncOptions());
    x = F::alpha_dropout(x, F::AlphaDropoutFuncOptions().training(is_training()));
    x = F::feature_alpha_dropout(x, F::FeatureAlphaDropoutFuncOptions().p(0.2));
    x = F::detail::dropout(x, 0.1, is_training(), false);
    x = torch::feature_alpha_dropout(torch::alpha_dropout(torch::feature_dropout(x, 0.1, false), 0.1, false), 0.1, false);
    at::dropout_(x, 0.1, false);
    at::feature_dropout_(x, 0.1, false);
    at::alpha_dropout_(x, 0.1, false);
    at::feature_alpha_dropout_(x, 0.1, false);
    return fc2->forward(x) * scale;
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::Tensor scale, running;
};
TORCH_MODULE(Mlp);

// A Cloneable module: everything registered in reset().
struct BlockImpl : torch::nn::Cloneable<BlockImpl> {
  explicit BlockImpl(int64_t dim) : dim_(dim) { reset(); }
  void reset() override {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(dim_, dim_, 3).padding(1)));
    bn = register_module("bn", torch::nn::BatchNorm2d(dim_));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim_})));
    layers = register_module("layers", torch::nn::ModuleList());
    for (int i = 0; i < 3; ++i) layers->push_back(torch::nn::Linear(dim_, dim_));
    heads = register_module("heads", torch::nn::ModuleDict());
    seq = register_module("seq", torch::nn::Sequential(torch::nn::Linear(dim_, dim_), torch::nn::ReLU(),
                                                       torch::nn::Dropout(0.5), torch::nn::Linear(dim_, dim_),
                                                       torch::nn::Functional([](torch::Tensor t) { return t * 2; })));
    lstm = register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(dim_, dim_).num_layers(2).batch_first(true)));
    gru = register_module("gru", torch::nn::GRU(dim_, dim_));
    attn = register_module("attn", torch::nn::MultiheadAttention(dim_, 2));
    emb = register_module("emb", torch::nn::Embedding(100, dim_));
    bias = register_parameter("bias", torch::zeros({dim_}));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto y = bn(conv(x));
    for (const auto& m : *layers) {
      if (auto* lin = m->as<torch::nn::Linear>()) y = lin->forward(y);
    }
    for (size_t i = 0; i < layers->size(); ++i) {
      auto lin = layers[i]->as<torch::nn::LinearImpl>();
      auto p = layers->ptr<torch::nn::LinearImpl>(i);
      (void)lin;
      (void)p;
    }
    y = seq->forward(y);
    auto [out, state] = lstm(y);
    auto [h, c] = state;
    torch::Tensor g_out, g_h;
    std::tie(g_out, g_h) = gru(out);
    auto att = std::get<0>(attn(g_out, g_out, g_out));
    (void)h;
    (void)c;
    return norm(att + bias);
  }
  int64_t dim_;
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::nn::LayerNorm norm{nullptr};
  torch::nn::ModuleList layers;
  torch::nn::ModuleDict heads;
  torch::nn::Sequential seq;
  torch::nn::LSTM lstm{nullptr};
  torch::nn::GRU gru{nullptr};
  torch::nn::MultiheadAttention attn{nullptr};
  torch::nn::Embedding emb{nullptr};
  torch::Tensor bias;
};
TORCH_MODULE(Block);

struct Zoo : torch::nn::Module {
  Zoo() {
    register_module("relu", relu);
    register_module("gelu", gelu);
    register_module("silu", silu);
    register_module("sig", sig);
    register_module("tanh", tanh);
    register_module("leaky", leaky);
    register_module("softmax", softmax);
    register_module("id", id);
    register_module("flat", flat);
    register_module("mp", mp);
    register_module("ap", ap);
    register_module("aap", aap);
    register_module("up", up);
    register_module("ct", ct);
    register_module("c1", c1);
    register_module("bn1", bn1);
    register_module("do2", do2);
    auto shared = std::make_shared<torch::nn::LinearImpl>(4, 4);
    std::shared_ptr<torch::nn::LinearImpl> back = register_module("shared", shared);
    replace_module("shared", torch::nn::Linear(4, 4));
    (void)back;
  }
  torch::nn::ReLU relu;
  torch::nn::GELU gelu;
  torch::nn::SiLU silu;
  torch::nn::Sigmoid sig;
  torch::nn::Tanh tanh;
  torch::nn::LeakyReLU leaky{torch::nn::LeakyReLUOptions().negative_slope(0.2)};
  torch::nn::Softmax softmax{1};
  torch::nn::Identity id;
  torch::nn::Flatten flat;
  torch::nn::MaxPool2d mp{2};
  torch::nn::AvgPool2d ap{torch::nn::AvgPool2dOptions(2).stride(2)};
  torch::nn::AdaptiveAvgPool2d aap{torch::nn::AdaptiveAvgPool2dOptions({1, 1})};
  torch::nn::Upsample up{torch::nn::UpsampleOptions().scale_factor(std::vector<double>{2.0, 2.0})};
  torch::nn::ConvTranspose2d ct{torch::nn::ConvTranspose2dOptions(4, 4, 2).stride(2)};
  torch::nn::Conv1d c1{4, 4, 3};
  torch::nn::BatchNorm1d bn1{4};
  torch::nn::BatchNorm3d bn3{torch::nn::BatchNorm3dOptions(4).track_running_stats(false)};
  torch::nn::InstanceNorm1d in1{4};
  torch::nn::InstanceNorm2d in2{torch::nn::InstanceNorm2dOptions(4).affine(true).track_running_stats(true)};
  std::shared_ptr<torch::nn::InstanceNorm3dImpl> in3 = std::make_shared<torch::nn::InstanceNorm3dImpl>(4);
  torch::nn::Dropout2d do2{0.2};
  std::vector<torch::nn::Linear> bank;
  std::map<std::string, std::shared_ptr<torch::nn::LinearImpl>> named;
};

int main() {
  torch::manual_seed(0);
  bool gpus = at::hasCUDA() && at::globalContext().hasCUDA() && at::getNumGPUs() > 0;
  torch::Tensor staging = torch::empty({2}, torch::TensorOptions().pinned_memory(true));
  gpus = gpus && staging.is_pinned() && torch::ones({2}).pin_memory().defined();
  torch::Device device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
  Mlp mlp(8, 16, 4);
  mlp->to(device);
  mlp->train();
  Block block(8);
  auto copy = block->clone();
  auto typed = std::dynamic_pointer_cast<BlockImpl>(copy);
  (void)typed;
  auto zoo = std::make_shared<Zoo>();
  zoo->eval();
  bool training = zoo->is_training();
  (void)training;

  auto x = torch::randn({2, 8}, torch::requires_grad());
  auto w = torch::randn({4}, torch::TensorOptions().dtype(torch::kFloat32).device(device).requires_grad(true));
  auto t = torch::tensor({1.0, 2.0, 3.0});
  auto e = torch::empty({2, 2});
  auto target = torch::zeros({2, 4});

  torch::optim::SGD sgd(mlp->parameters(), torch::optim::SGDOptions(0.01).momentum(0.9));
  torch::optim::Adam adam(block->parameters(), torch::optim::AdamOptions(1e-3));
  for (int epoch = 0; epoch < 2; ++epoch) {
    sgd.zero_grad();
    auto out = mlp(x);
    auto loss = F::mse_loss(out, target);
    auto loss2 = torch::mse_loss(out, target);
    auto loss3 = F::cross_entropy(out, torch::zeros({2}, torch::kLong));
    loss.backward();
    sgd.step();
    float value = loss.item<float>();
    double dv = loss2.item().toDouble();
    (void)value;
    (void)dv;
    (void)loss3;
  }
  adam.step();

  {
    torch::NoGradGuard no_grad;
    auto y = mlp->forward(x).detach();
    auto s = y.sum().mean();
    auto d = y.data();
    auto sz = y.size(0);
    (void)s;
    (void)d;
    (void)sz;
  }
  w.requires_grad_(false);
  w.set_requires_grad(true);
  bool rg = w.requires_grad();
  (void)rg;
  auto moved = w.to(torch::kCUDA).to(torch::kFloat64).to(device);
  (void)moved;
  auto cat = torch::cat({x, x}, 1);
  auto st = torch::stack({x, x});
  auto mm = torch::matmul(x, x.t());
  auto sm = torch::softmax(mm, /*dim=*/1);
  auto sm2 = F::softmax(mm, F::SoftmaxFuncOptions(1));
  (void)cat;
  (void)st;
  (void)sm;
  (void)sm2;

  for (const auto& p : mlp->named_parameters()) std::cout << p.key() << " " << p.value().sizes() << "\n";
  for (const auto& b : mlp->named_buffers(/*recurse=*/false)) std::cout << b.key() << "\n";
  for (const auto& b : mlp->buffers()) (void)b;
  for (const auto& c : block->children()) (void)c;
  for (const auto& c : block->named_children()) std::cout << c.key() << "\n";
  for (const auto& m : block->modules(/*include_self=*/false)) (void)m;
  block->apply([](torch::nn::Module& m) { (void)m.name(); });
  block->zero_grad();

  torch::save(mlp, "mlp.pt");
  torch::load(mlp, "mlp.pt");
  torch::load(mlp, "mlp.pt", torch::Device(torch::kCUDA, 1));
  std::vector<char> bytes;
  torch::load(mlp, bytes.data(), bytes.size(), torch::kCPU);
  if (torch::cuda::is_available() && torch::cuda::device_count() > 1) mlp->to(torch::kCUDA);

  torch::jit::Module scripted = torch::jit::load("model.pt");
  scripted = torch::jit::load("model.pt", torch::Device(torch::kCUDA, 0));
  torch::jit::ExtraFilesMap extra;
  scripted = torch::jit::load("model.pt", c10::nullopt, extra);
  scripted.to(torch::kCUDA);
  scripted.eval();
  std::vector<torch::jit::IValue> inputs{x.to(torch::kCUDA)};
  inputs.push_back(torch::jit::IValue(x.cuda()));
  torch::Tensor y = scripted.forward(inputs).toTensor();
  y = scripted(inputs).toTensor();
  y = scripted.run_method("forward", x).toTensor();

#ifdef NNLINT_TORCH_STUB
  auto replicas = torch::nn::parallel::replicate(mlp, {torch::Device(torch::kCUDA, 0)});
  auto dp = torch::nn::parallel::data_parallel(mlp, x);
  (void)replicas;
  (void)dp;
#endif
  return 0;
}
