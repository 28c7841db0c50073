// Trains the keyword spotter for a few steps on random data while keeping an
// exponential moving average (EMA) of its weights in a clone().
#include "kws/model.h"

#include <iostream>

namespace {

void update_ema(kws::KwsNet& ema, const kws::KwsNet& model, double decay) {
  torch::NoGradGuard no_grad;
  auto ema_params = ema->named_parameters();
  for (const auto& p : model->named_parameters()) {
    ema_params[p.key()].mul_(decay).add_(p.value(), 1.0 - decay);
  }
}

}  // namespace

int main() {
  torch::manual_seed(0);
  kws::KwsNetOptions options;
  kws::KwsNet model(options);
  auto ema = kws::KwsNet(std::dynamic_pointer_cast<kws::KwsNetImpl>(model->clone()));
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));

  for (int step = 0; step < 20; ++step) {
    auto features = torch::randn({16, options.n_mels, 101});
    auto labels = torch::randint(options.num_keywords, {16}, torch::kLong);
    optimizer.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(features), labels);
    loss.backward();
    optimizer.step();
    update_ema(ema, model, 0.9);
    if (step % 5 == 0) {
      std::cout << "step " << step << "  loss " << loss.item<double>() << "\n";
    }
  }

  model->eval();
  ema->eval();
  auto probe = torch::randn({4, options.n_mels, 101});
  auto gap = (model->forward(probe) - ema->forward(probe)).abs().max().item<double>();
  std::cout << "max |model - ema| on a probe batch: " << gap << "\n";

  // A backward pass through the EMA copy must not reach the live model.
  model->zero_grad();
  ema->forward(probe).sum().backward();
  int64_t touched = 0;
  for (const auto& p : model->parameters()) {
    if (p.grad().defined() && p.grad().abs().sum().item<double>() > 0) {
      ++touched;
    }
  }
  std::cout << "live-model parameters reached through the EMA copy: " << touched << " (expected 0)\n";
  return 0;
}
