// TAGS: nn-output-not-in-loss, struct-output
#include <torch/torch.h>
#include <iostream>

struct HeadsOut {
  torch::Tensor logits;
  torch::Tensor aux_logits;
};

// An Inception-style auxiliary classifier returned in a struct; the training
// loop only prints its accuracy.
struct InceptionLiteImpl : torch::nn::Module {
  InceptionLiteImpl() {
    trunk = register_module("trunk", torch::nn::Linear(32, 64));
    cls = register_module("cls", torch::nn::Linear(64, 10));
    aux_cls = register_module("aux_cls", torch::nn::Linear(64, 10));
  }
  HeadsOut forward(torch::Tensor x) {
    auto h = torch::relu(trunk(x));
    HeadsOut out;
    out.logits = cls(h);
    out.aux_logits = aux_cls(h);
    return out;
  }
  torch::nn::Linear trunk{nullptr}, cls{nullptr}, aux_cls{nullptr};
};
TORCH_MODULE(InceptionLite);

void train_epoch(InceptionLite &net, torch::optim::SGD &opt, int batches) {
  net->train();
  for (int b = 0; b < batches; ++b) {
    auto x = torch::randn({16, 32});
    auto y = torch::randint(0, 10, {16});
    opt.zero_grad();
    auto out = net(x);  // EXPECT: nn-output-not-in-loss
    auto loss = torch::nll_loss(torch::log_softmax(out.logits, 1), y);
    loss.backward();
    opt.step();
    auto aux_acc = out.aux_logits.argmax(1).eq(y).to(torch::kFloat).mean().item<float>();
    std::cout << "loss " << loss.item<float>() << " aux acc " << aux_acc << "\n";
  }
}

int main() {
  InceptionLite net;
  torch::optim::SGD opt(net->parameters(), 0.01);
  train_epoch(net, opt, 2);
  return 0;
}
