// U-Net of configurable depth for binary segmentation (correct).
//
// Tricky negatives:
//  * a plain torch::nn::Module keeps its encoder and decoder blocks in
//    std::vectors, but every element is the result of register_module(), so
//    all of them are registered.
//  * `pool_` is an unregistered torch::nn::MaxPool2d: pooling is stateless.
#include <torch/torch.h>

#include <string>
#include <vector>

namespace nn = torch::nn;

struct DoubleConvImpl : nn::Module {
  DoubleConvImpl(int64_t in_ch, int64_t out_ch) {
    block = register_module(
        "block", nn::Sequential(nn::Conv2d(nn::Conv2dOptions(in_ch, out_ch, 3).padding(1).bias(false)),
                                nn::BatchNorm2d(out_ch), nn::ReLU(),
                                nn::Conv2d(nn::Conv2dOptions(out_ch, out_ch, 3).padding(1).bias(false)),
                                nn::BatchNorm2d(out_ch), nn::ReLU()));
  }

  torch::Tensor forward(torch::Tensor x) { return block->forward(x); }

  nn::Sequential block{nullptr};
};
TORCH_MODULE(DoubleConv);

struct UNetImpl : nn::Module {
  UNetImpl(int64_t in_ch, int64_t num_classes, int64_t base = 32, int64_t depth = 3)
      : pool_(nn::MaxPool2dOptions(2)) {
    int64_t ch = in_ch;
    for (int64_t i = 0; i < depth; ++i) {
      const int64_t out = base << i;
      down_.push_back(register_module("down" + std::to_string(i), DoubleConv(ch, out)));
      ch = out;
    }
    bottleneck_ = register_module("bottleneck", DoubleConv(ch, 2 * ch));
    ch = 2 * ch;
    for (int64_t i = depth - 1; i >= 0; --i) {
      const int64_t out = base << i;
      up_.push_back(register_module("up" + std::to_string(i),
                                    nn::ConvTranspose2d(nn::ConvTranspose2dOptions(ch, out, 2).stride(2))));
      dec_.push_back(register_module("dec" + std::to_string(i), DoubleConv(2 * out, out)));
      ch = out;
    }
    head_ = register_module("head", nn::Conv2d(nn::Conv2dOptions(base, num_classes, 1)));
  }

  torch::Tensor forward(torch::Tensor x) {
    std::vector<torch::Tensor> skips;
    for (auto& down : down_) {
      x = down(x);
      skips.push_back(x);
      x = pool_(x);
    }
    x = bottleneck_(x);
    for (size_t i = 0; i < up_.size(); ++i) {
      x = up_[i](x);
      x = dec_[i](torch::cat({x, skips[skips.size() - 1 - i]}, /*dim=*/1));
    }
    return head_(x);
  }

  std::vector<DoubleConv> down_, dec_;
  std::vector<nn::ConvTranspose2d> up_;
  DoubleConv bottleneck_{nullptr};
  nn::Conv2d head_{nullptr};
  nn::MaxPool2d pool_;  // stateless: no need to register
};
TORCH_MODULE(UNet);

double train_step(UNet& model, torch::optim::Optimizer& optimizer, const torch::Tensor& images,
                  const torch::Tensor& masks) {
  model->train();
  optimizer.zero_grad();
  auto logits = model->forward(images);
  auto loss = torch::binary_cross_entropy_with_logits(logits, masks);
  loss.backward();
  optimizer.step();
  return loss.item<double>();
}
