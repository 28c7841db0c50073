// TAGS: output-not-in-loss, dict-output
#include <torch/torch.h>
#include <string>

struct AuxClassifierImpl : torch::nn::Module {
  AuxClassifierImpl(int64_t in, int64_t classes) {
    body_ = register_module("body", torch::nn::Linear(in, 128));
    main_ = register_module("main", torch::nn::Linear(128, classes));
    aux_ = register_module("aux", torch::nn::Linear(in, classes));
  }

  c10::Dict<std::string, torch::Tensor> forward(torch::Tensor x) {
    c10::Dict<std::string, torch::Tensor> out;
    out.insert("logits", main_(torch::relu(body_(x))));
    out.insert("aux", aux_(x));
    return out;
  }

  torch::nn::Linear body_{nullptr}, main_{nullptr}, aux_{nullptr};
};
TORCH_MODULE(AuxClassifier);

int main() {
  AuxClassifier net(20, 5);
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  for (int step = 0; step < 10; ++step) {
    auto x = torch::randn({16, 20});
    auto y = torch::randint(0, 5, {16});
    auto out = net->forward(x);
    torch::Tensor loss = torch::cross_entropy_loss(out.at("logits"), y) + 0.4 * torch::cross_entropy_loss(out.at("aux"), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
}
