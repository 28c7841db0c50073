// Two-level U-Net for binary segmentation (defective).
//
// The network is Cloneable (so it can be replicated for multi-GPU inference),
// but the output head is registered in the constructor, after reset().
// Cloneable::clone() clears the copy's children and calls reset() only, so the
// copy has no "head" child and clone() throws ("The cloned module does not
// have the same number of child modules as the original"); calling reset() to
// re-initialise the weights would also leave the old head untouched.
#include <torch/torch.h>

namespace nn = torch::nn;

struct DoubleConvImpl : nn::Cloneable<DoubleConvImpl> {
  DoubleConvImpl(int64_t in_ch, int64_t out_ch) : in_ch_(in_ch), out_ch_(out_ch) { reset(); }

  void reset() override {
    conv1 = register_module("conv1", nn::Conv2d(nn::Conv2dOptions(in_ch_, out_ch_, 3).padding(1).bias(false)));
    bn1 = register_module("bn1", nn::BatchNorm2d(out_ch_));
    conv2 = register_module("conv2", nn::Conv2d(nn::Conv2dOptions(out_ch_, out_ch_, 3).padding(1).bias(false)));
    bn2 = register_module("bn2", nn::BatchNorm2d(out_ch_));
  }

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn1(conv1(x)));
    return torch::relu(bn2(conv2(x)));
  }

  int64_t in_ch_, out_ch_;
  nn::Conv2d conv1{nullptr}, conv2{nullptr};
  nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
};
TORCH_MODULE(DoubleConv);

struct UNetImpl : nn::Cloneable<UNetImpl> {
  UNetImpl(int64_t in_ch, int64_t num_classes, int64_t base = 32) : in_ch_(in_ch), base_(base) {
    reset();
    head_ = register_module("head", nn::Conv2d(nn::Conv2dOptions(base_, num_classes, 1)));  // DEFECT(nn-register-outside-reset): register_module in the constructor of a Cloneable module instead of in reset()
  }

  void reset() override {
    enc1_ = register_module("enc1", DoubleConv(in_ch_, base_));
    enc2_ = register_module("enc2", DoubleConv(base_, 2 * base_));
    bottleneck_ = register_module("bottleneck", DoubleConv(2 * base_, 4 * base_));
    up2_ = register_module("up2", nn::ConvTranspose2d(nn::ConvTranspose2dOptions(4 * base_, 2 * base_, 2).stride(2)));
    dec2_ = register_module("dec2", DoubleConv(4 * base_, 2 * base_));
    up1_ = register_module("up1", nn::ConvTranspose2d(nn::ConvTranspose2dOptions(2 * base_, base_, 2).stride(2)));
    dec1_ = register_module("dec1", DoubleConv(2 * base_, base_));
  }

  // x: [B, C, H, W] with H and W divisible by 4 -> logits [B, classes, H, W]
  torch::Tensor forward(torch::Tensor x) {
    auto s1 = enc1_(x);
    auto s2 = enc2_(torch::max_pool2d(s1, 2));
    auto b = bottleneck_(torch::max_pool2d(s2, 2));
    auto d2 = dec2_(torch::cat({up2_(b), s2}, /*dim=*/1));
    auto d1 = dec1_(torch::cat({up1_(d2), s1}, /*dim=*/1));
    return head_(d1);
  }

  int64_t in_ch_, base_;
  DoubleConv enc1_{nullptr}, enc2_{nullptr}, bottleneck_{nullptr}, dec2_{nullptr}, dec1_{nullptr};
  nn::ConvTranspose2d up2_{nullptr}, up1_{nullptr};
  nn::Conv2d head_{nullptr};
};
TORCH_MODULE(UNet);

torch::Tensor dice_loss(const torch::Tensor& logits, const torch::Tensor& mask) {
  auto probs = torch::sigmoid(logits);
  auto inter = (probs * mask).sum({1, 2, 3});
  auto denom = probs.sum({1, 2, 3}) + mask.sum({1, 2, 3});
  return (1 - (2 * inter + 1) / (denom + 1)).mean();
}
