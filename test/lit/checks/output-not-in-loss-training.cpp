// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-output-not-in-loss %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-output-not-in-loss %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// Training loops: which loss matters for which module is decided by the
// optimizers and the order of backward(), zero_grad() and step().
#include <torch/torch.h>
#include <tuple>

// A discriminator with an auxiliary feature head.
struct CriticImpl : torch::nn::Module {
  CriticImpl() {
    trunk = register_module("trunk", torch::nn::Linear(8, 8));
    score = register_module("score", torch::nn::Linear(8, 1));
    feats = register_module("feats", torch::nn::Linear(8, 4));
    // CHECK-DAG: output-not-in-loss-training.cpp:[[@LINE-1]]:13: note: 'feats' is registered here
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk(x));
    return {score(h), feats(h)};
  }
  torch::nn::Linear trunk{nullptr}, score{nullptr}, feats{nullptr};
};
TORCH_MODULE(Critic);

struct MakerImpl : torch::nn::Module {
  MakerImpl() { fc = register_module("fc", torch::nn::Linear(4, 8)); }
  torch::Tensor forward(torch::Tensor z) { return torch::tanh(fc(z)); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Maker);

// GAN with an auxiliary class head (feats): the critic's loss uses both of its
// outputs; the maker's loss uses only the score, but its backward() reaches
// only the maker's step (the critic's gradients are cleared by the critic's
// zero_grad() before its own step), so it does not matter for the critic.
void train_gan(Critic critic, Maker maker, torch::Tensor real, torch::Tensor labels, int steps) {
  torch::optim::Adam opt_c(critic->parameters(), torch::optim::AdamOptions(2e-4));
  torch::optim::Adam opt_m(maker->parameters(), torch::optim::AdamOptions(2e-4));
  for (int i = 0; i < steps; ++i) {
    opt_c.zero_grad();
    torch::Tensor fake = maker(torch::randn({16, 4}));
    auto [real_score, real_class] = critic(real);
    torch::Tensor fake_score = std::get<0>(critic(fake.detach()));
    torch::Tensor loss_c = torch::relu(1 - real_score).mean() + torch::relu(1 + fake_score).mean() +
                           torch::nll_loss(torch::log_softmax(real_class, 1), labels);
    loss_c.backward();
    opt_c.step();

    opt_m.zero_grad();
    auto [score, unused_class] = critic(fake);
    torch::Tensor loss_m = -score.mean();
    loss_m.backward();
    opt_m.step();
  }
}

// The critic trained alone on its score: 'feats' feeds nothing that its optimizer uses.
void train_critic_only(Critic critic, torch::Tensor real) {
  torch::optim::SGD opt(critic->parameters(), torch::optim::SGDOptions(0.1));
  opt.zero_grad();
  auto [score, feat] = critic(real);
  // CHECK-DAG: output-not-in-loss-training.cpp:[[@LINE-1]]:16: warning: output 1 ('feat') of CriticImpl::forward() never reaches the loss passed to backward(); 'feats' only feeds this output and gets no gradient [nn-output-not-in-loss]
  torch::Tensor loss = score.mean();
  loss.backward();
  // CHECK-DAG: output-not-in-loss-training.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}

// Test-time optimisation of a latent: no optimizer holds the critic's parameters.
void fit_latent(Critic critic, torch::Tensor target) {
  torch::Tensor z = torch::randn({1, 8}, torch::requires_grad());
  torch::optim::Adam opt({z}, torch::optim::AdamOptions(0.01));
  for (int i = 0; i < 100; ++i) {
    opt.zero_grad();
    auto out = critic(z);
    torch::Tensor loss = (std::get<0>(out) - target).pow(2).sum();
    loss.backward();
    opt.step();
  }
}

// A model in eval() whose input gradient is wanted (a saliency map).
torch::Tensor saliency(Critic critic, torch::Tensor x) {
  critic->eval();
  x.requires_grad_(true);
  torch::Tensor score = std::get<0>(critic(x));
  score.sum().backward();
  return x.grad();
}

// The same module called twice, each call feeding a different output to the loss.
void train_two_views(Critic critic, torch::optim::Optimizer &opt, torch::Tensor a, torch::Tensor b) {
  auto first = critic(a);
  auto second = critic(b);
  torch::Tensor loss = std::get<0>(first).mean() + std::get<1>(second).pow(2).mean();
  loss.backward();
  opt.step();
}

// PackedSequence::data() is not Tensor::data(): the packed output keeps its gradient.
struct PackedTaggerImpl : torch::nn::Module {
  PackedTaggerImpl() {
    rnn = register_module("rnn", torch::nn::GRU(torch::nn::GRUOptions(4, 4)));
    tag = register_module("tag", torch::nn::Linear(4, 3));
  }
  std::tuple<torch::nn::utils::rnn::PackedSequence, torch::Tensor> forward(torch::nn::utils::rnn::PackedSequence x) {
    auto out = rnn->forward_with_packed_input(x);
    return {std::get<0>(out), tag(std::get<1>(out))};
  }
  torch::nn::GRU rnn{nullptr};
  torch::nn::Linear tag{nullptr};
};
TORCH_MODULE(PackedTagger);

void train_packed(PackedTagger net, torch::nn::utils::rnn::PackedSequence x, torch::optim::Optimizer &opt) {
  auto [packed, tags] = net(x);
  torch::Tensor loss = packed.data().pow(2).mean() + tags.mean();
  loss.backward();
  opt.step();
}
