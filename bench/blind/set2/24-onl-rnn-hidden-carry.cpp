// TAGS: nn-output-not-in-loss, recurrent-state-carried
#include <torch/torch.h>
#include <tuple>

// Truncated back-propagation through time: the hidden state is returned,
// detached and carried to the next chunk; only the predictions enter the loss.
struct CharRNNImpl : torch::nn::Module {
  CharRNNImpl(int64_t vocab, int64_t hidden) {
    embed = register_module("embed", torch::nn::Embedding(vocab, hidden));
    gru = register_module("gru", torch::nn::GRU(torch::nn::GRUOptions(hidden, hidden).batch_first(true)));
    out = register_module("out", torch::nn::Linear(hidden, vocab));
  }
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor tokens, torch::Tensor h) {
    auto [seq, h_next] = gru(embed(tokens), h);
    return {out(seq), h_next};
  }
  torch::nn::Embedding embed{nullptr};
  torch::nn::GRU gru{nullptr};
  torch::nn::Linear out{nullptr};
};
TORCH_MODULE(CharRNN);

int main() {
  CharRNN net(50, 32);
  torch::optim::Adam opt(net->parameters(), 1e-3);
  auto h = torch::zeros({1, 4, 32});
  for (int chunk = 0; chunk < 3; ++chunk) {
    auto tokens = torch::randint(0, 50, {4, 20});
    auto targets = torch::randint(0, 50, {4, 20});
    auto [logits, h_next] = net->forward(tokens, h);
    auto loss = torch::nll_loss(torch::log_softmax(logits.reshape({-1, 50}), 1), targets.reshape({-1}));
    opt.zero_grad();
    loss.backward();
    opt.step();
    h = h_next.detach();
  }
  return 0;
}
