// TAGS: unregistered-submodule, variant-holder
#include <torch/torch.h>
#include <string>
#include <variant>

// The recurrent cell is picked from the configuration and registered through
// std::visit, whatever its type.
class TaggerImpl : public torch::nn::Module {
 public:
  TaggerImpl(const std::string &cell, int64_t vocab, int64_t hidden, int64_t tags) {
    embed_ = register_module("embed", torch::nn::Embedding(vocab, hidden));
    if (cell == "gru")
      rnn_ = torch::nn::GRU(torch::nn::GRUOptions(hidden, hidden).batch_first(true));
    else
      rnn_ = torch::nn::LSTM(torch::nn::LSTMOptions(hidden, hidden).batch_first(true));
    std::visit([this](auto &rnn) { register_module("rnn", rnn); }, rnn_);
    tagger_ = register_module("tagger", torch::nn::Linear(hidden, tags));
  }

  torch::Tensor forward(torch::Tensor tokens) {
    torch::Tensor h = embed_(tokens);
    h = std::visit([&](auto &rnn) { return std::get<0>(rnn->forward(h)); }, rnn_);
    return torch::log_softmax(tagger_(h), -1);
  }

 private:
  torch::nn::Embedding embed_{nullptr};
  std::variant<torch::nn::GRU, torch::nn::LSTM> rnn_{torch::nn::GRU(nullptr)};
  torch::nn::Linear tagger_{nullptr};
};
TORCH_MODULE(Tagger);

int main() {
  Tagger tagger("lstm", 100, 16, 5);
  auto logp = tagger(torch::randint(0, 100, {2, 7}));
  logp.mean().backward();
}
