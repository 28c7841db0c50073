// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-output-not-in-loss %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-output-not-in-loss %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
#include <iostream>
#include <tuple>

struct MultiTaskImpl : torch::nn::Module {
  MultiTaskImpl() {
    trunk = register_module("trunk", torch::nn::Linear(16, 16));
    seg = register_module("seg", torch::nn::Linear(16, 4));
    depth = register_module("depth", torch::nn::Linear(16, 1));
    // CHECK-DAG: output-not-in-loss.cpp:[[@LINE-1]]:13: note: 'depth' is registered here
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor h = torch::relu(trunk(x));
    return {seg(h), depth(h)};
  }
  torch::nn::Linear trunk{nullptr}, seg{nullptr}, depth{nullptr};
};
TORCH_MODULE(MultiTask);

void train_bindings(MultiTask net, torch::optim::Optimizer &opt, torch::Tensor x, torch::Tensor y) {
  auto [seg_logits, depth_map] = net(x);
  // CHECK-DAG: output-not-in-loss.cpp:[[@LINE-1]]:21: warning: output 1 ('depth_map') of MultiTaskImpl::forward() never reaches the loss passed to backward(); 'depth' only feeds this output and gets no gradient [nn-output-not-in-loss]
  torch::Tensor loss = torch::mse_loss(seg_logits, y);
  std::cout << depth_map.mean().item<float>() << "\n";  // logging only
  loss.backward();
  // CHECK-DAG: output-not-in-loss.cpp:[[@LINE-1]]:3: note: backward() is called here
  opt.step();
}

// std::get, a loss helper, += accumulation over steps: both outputs reach the loss.
torch::Tensor joint_loss(MultiTask &net, const torch::Tensor &x, const torch::Tensor &y) {
  auto out = net->forward(x);
  return torch::mse_loss(std::get<0>(out), y) + std::get<1>(out).abs().mean();
}
void train_helper(MultiTask net, torch::Tensor x, torch::Tensor y) {
  torch::Tensor total = torch::zeros({});
  for (int step = 0; step < 4; ++step) total += joint_loss(net, x, y);
  total.backward();
}

// std::tie, with the second output detached: the depth head gets no gradient.
void train_tie(MultiTask net, torch::Tensor x, torch::Tensor y) {
  torch::Tensor s, d;
  std::tie(s, d) = net(x);
  // CHECK-DAG: output-not-in-loss.cpp:[[@LINE-2]]:20: warning: output 1 ('d') of MultiTaskImpl::forward() never reaches the loss passed to backward(); 'depth' only feeds this output and gets no gradient [nn-output-not-in-loss]
  torch::Tensor loss = torch::mse_loss(s, y) + 0.1 * d.detach().mean();
  loss.backward();
  // CHECK-DAG: output-not-in-loss.cpp:[[@LINE-1]]:3: note: backward() is called here
  // CHECK-DAG: output-not-in-loss.cpp:11:13: note: 'depth' is registered here
}

// An attention map returned for visualisation: its parameters reach the loss anyway.
struct AttentionImpl : torch::nn::Module {
  AttentionImpl() { proj = register_module("proj", torch::nn::Linear(8, 8)); }
  std::pair<torch::Tensor, torch::Tensor> forward(torch::Tensor x) {
    torch::Tensor weights = torch::softmax(proj(x), -1);
    return std::make_pair(weights * x, weights);
  }
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(Attention);

void train_attention(Attention att, torch::Tensor x) {
  auto result = att(x);
  torch::Tensor loss = result.first.sum();
  // CHECK-DAG: output-not-in-loss.cpp:[[@LINE-2]]:17: note: output 1 of AttentionImpl::forward() does not reach the loss passed to backward(); every parameter also reaches the loss through another output [nn-output-not-in-loss]
  loss.backward();
  // CHECK-DAG: output-not-in-loss.cpp:[[@LINE-1]]:3: note: backward() is called here
}
