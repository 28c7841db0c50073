// TAGS: nn-unused-parameter, other-entry-point
#include <torch/torch.h>

// The reconstruction head is used by a second public method that the training
// step adds to the loss.
struct EncoderImpl : torch::nn::Module {
  EncoderImpl() {
    enc_ = register_module("enc", torch::nn::Linear(20, 8));
    cls_ = register_module("cls", torch::nn::Linear(8, 3));
    recon_ = register_module("recon", torch::nn::Linear(8, 20));
  }
  torch::Tensor forward(torch::Tensor x) { return cls_(torch::relu(enc_(x))); }
  torch::Tensor reconstruction_loss(torch::Tensor x) {
    return torch::mse_loss(recon_(torch::relu(enc_(x))), x);
  }
  torch::nn::Linear enc_{nullptr}, cls_{nullptr}, recon_{nullptr};
};
TORCH_MODULE(Encoder);

void train_epoch(Encoder &net, torch::optim::Adam &opt, const std::vector<std::pair<torch::Tensor, torch::Tensor>> &data) {
  net->train();
  for (const auto &[x, y] : data) {
    opt.zero_grad();
    torch::Tensor loss = torch::nn::functional::cross_entropy(net(x), y) + 0.1 * net->reconstruction_loss(x);
    loss.backward();
    opt.step();
  }
}
