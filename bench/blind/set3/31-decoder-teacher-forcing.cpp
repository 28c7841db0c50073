// TAGS: conditional-parameter, random-teacher-forcing
#include <torch/torch.h>
#include <vector>

struct DecoderImpl : torch::nn::Module {
  DecoderImpl(int64_t vocab, int64_t hidden, double teacher_forcing_ratio)
      : teacher_forcing_ratio_(teacher_forcing_ratio) {
    embed_ = register_module("embed", torch::nn::Embedding(vocab, hidden));
    cell_ = register_module("cell", torch::nn::GRUCell(hidden, hidden));
    out_ = register_module("out", torch::nn::Linear(hidden, vocab));
    feedback_ = register_module("feedback", torch::nn::Linear(vocab, hidden));  // EXPECT: nn-conditional-parameter
  }

  torch::Tensor forward(torch::Tensor targets, torch::Tensor h) {
    const bool teacher_forcing = torch::rand({1}).item<double>() < teacher_forcing_ratio_;
    std::vector<torch::Tensor> logits;
    torch::Tensor inp = embed_(targets.select(1, 0));
    for (int64_t t = 1; t < targets.size(1); ++t) {
      h = cell_(inp, h);
      torch::Tensor y = out_(h);
      logits.push_back(y);
      inp = teacher_forcing ? embed_(targets.select(1, t)) : feedback_(torch::softmax(y, 1));
    }
    return torch::stack(logits, 1);
  }

  double teacher_forcing_ratio_;
  torch::nn::Embedding embed_{nullptr};
  torch::nn::GRUCell cell_{nullptr};
  torch::nn::Linear out_{nullptr}, feedback_{nullptr};
};
TORCH_MODULE(Decoder);

int main() {
  Decoder dec(50, 32, 0.5);
  torch::optim::Adam opt(dec->parameters());
  auto targets = torch::randint(0, 50, {4, 6});
  auto logits = dec(targets, torch::zeros({4, 32}));
  auto loss = torch::cross_entropy_loss(logits.reshape({-1, 50}), targets.narrow(1, 1, 5).reshape({-1}));
  opt.zero_grad();
  loss.backward();
  opt.step();
}
