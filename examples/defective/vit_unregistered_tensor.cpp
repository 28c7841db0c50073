// Vision Transformer patch embedding + classifier (defective).
//
// The learned position embedding is created with requires_grad but never
// registered with register_parameter. autograd computes its gradient, but it
// is missing from parameters(): the optimizer never updates it, torch::save
// does not store it, and model->to(torch::kCUDA) leaves it on the CPU.
#include <torch/torch.h>

namespace nn = torch::nn;

struct PatchEmbeddingImpl : nn::Module {
  PatchEmbeddingImpl(int64_t image_size, int64_t patch_size, int64_t in_ch, int64_t dim)
      : num_patches_((image_size / patch_size) * (image_size / patch_size)) {
    proj_ = register_module("proj", nn::Conv2d(nn::Conv2dOptions(in_ch, dim, patch_size).stride(patch_size)));
    cls_token_ = register_parameter("cls_token", torch::zeros({1, 1, dim}));
    pos_embed_ = (torch::randn({1, num_patches_ + 1, dim}) * 0.02).requires_grad_();
  }

  // images: [B, C, H, W] -> tokens [B, 1 + num_patches, dim]
  torch::Tensor forward(const torch::Tensor& images) {
    auto patches = proj_(images).flatten(2).transpose(1, 2);  // [B, N, dim]
    auto cls = cls_token_.expand({images.size(0), -1, -1});
    return torch::cat({cls, patches}, /*dim=*/1) + pos_embed_;
  }

  int64_t num_patches_;
  nn::Conv2d proj_{nullptr};
  torch::Tensor cls_token_;
  torch::Tensor pos_embed_;  // DEFECT(nn-unregistered-tensor): requires grad but is never registered with register_parameter
};
TORCH_MODULE(PatchEmbedding);

struct ViTImpl : nn::Module {
  ViTImpl(int64_t image_size, int64_t patch_size, int64_t num_classes, int64_t dim, int64_t depth, int64_t heads) {
    embed = register_module("embed", PatchEmbedding(image_size, patch_size, 3, dim));
    encoder = register_module(
        "encoder", nn::TransformerEncoder(nn::TransformerEncoderOptions(
                       nn::TransformerEncoderLayerOptions(dim, heads).dim_feedforward(4 * dim).dropout(0.1), depth)));
    norm = register_module("norm", nn::LayerNorm(nn::LayerNormOptions({dim})));
    head = register_module("head", nn::Linear(dim, num_classes));
  }

  torch::Tensor forward(const torch::Tensor& images) {
    auto tokens = embed(images).transpose(0, 1);  // [S, B, dim]: the encoder is sequence-first
    tokens = encoder(tokens);
    return head(norm(tokens[0]));  // classify from the [CLS] token
  }

  PatchEmbedding embed{nullptr};
  nn::TransformerEncoder encoder{nullptr};
  nn::LayerNorm norm{nullptr};
  nn::Linear head{nullptr};
};
TORCH_MODULE(ViT);
