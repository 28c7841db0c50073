// Vision Transformer patch embedding + classifier (correct).
//
// The [CLS] token and the position embedding are registered parameters.
// Tricky negative: `pixel_mean_` / `pixel_std_` are unregistered tensor
// constants created with requires_grad(false); they hold no trainable state
// (and forward() moves them to the input's device).
#include <torch/torch.h>

namespace nn = torch::nn;

struct PatchEmbeddingImpl : nn::Module {
  PatchEmbeddingImpl(int64_t image_size, int64_t patch_size, int64_t in_ch, int64_t dim)
      : num_patches_((image_size / patch_size) * (image_size / patch_size)) {
    proj_ = register_module("proj", nn::Conv2d(nn::Conv2dOptions(in_ch, dim, patch_size).stride(patch_size)));
    cls_token_ = register_parameter("cls_token", torch::zeros({1, 1, dim}));
    pos_embed_ = register_parameter("pos_embed", torch::randn({1, num_patches_ + 1, dim}) * 0.02);
  }

  // images: [B, C, H, W] -> tokens [B, 1 + num_patches, dim]
  torch::Tensor forward(const torch::Tensor& images) {
    auto patches = proj_(images).flatten(2).transpose(1, 2);
    auto cls = cls_token_.expand({images.size(0), -1, -1});
    return torch::cat({cls, patches}, /*dim=*/1) + pos_embed_;
  }

  int64_t num_patches_;
  nn::Conv2d proj_{nullptr};
  torch::Tensor cls_token_, pos_embed_;
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
    auto x = (images - pixel_mean_.to(images.device())) / pixel_std_.to(images.device());
    auto tokens = embed(x).transpose(0, 1);  // [S, B, dim]
    tokens = encoder(tokens);
    return head(norm(tokens[0]));
  }

  PatchEmbedding embed{nullptr};
  nn::TransformerEncoder encoder{nullptr};
  nn::LayerNorm norm{nullptr};
  nn::Linear head{nullptr};
  torch::Tensor pixel_mean_ = torch::tensor({0.485, 0.456, 0.406}, torch::requires_grad(false)).view({1, 3, 1, 1});
  torch::Tensor pixel_std_ = torch::tensor({0.229, 0.224, 0.225}, torch::requires_grad(false)).view({1, 3, 1, 1});
};
TORCH_MODULE(ViT);

double train_step(ViT& model, torch::optim::Optimizer& optimizer, const torch::Tensor& images,
                  const torch::Tensor& labels) {
  model->train();
  optimizer.zero_grad();
  auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
  loss.backward();
  optimizer.step();
  return loss.item<double>();
}
