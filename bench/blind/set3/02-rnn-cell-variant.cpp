// TAGS: unregistered-submodule, variant-holder
#include <torch/torch.h>
#include <string>
#include <variant>

struct SequenceEncoderImpl : torch::nn::Module {
  SequenceEncoderImpl(const std::string &cell, int64_t in, int64_t hidden) {
    if (cell == "lstm")
      rnn_ = torch::nn::LSTM(torch::nn::LSTMOptions(in, hidden).batch_first(true));
    else
      rnn_ = torch::nn::GRU(torch::nn::GRUOptions(in, hidden).batch_first(true));
    out_ = register_module("out", torch::nn::Linear(hidden, 1));
  }

  torch::Tensor forward(torch::Tensor x) {
    torch::Tensor seq =
        std::visit([&](auto &rnn) { return std::get<0>(rnn->forward(x)); }, rnn_);
    return out_(seq.select(1, -1));
  }

  std::variant<torch::nn::LSTM, torch::nn::GRU> rnn_{torch::nn::LSTM(nullptr)};  // EXPECT: nn-unregistered-submodule
  torch::nn::Linear out_{nullptr};
};
TORCH_MODULE(SequenceEncoder);

int main() {
  SequenceEncoder enc("gru", 8, 32);
  auto y = enc(torch::randn({4, 10, 8}));
  y.sum().backward();
}
