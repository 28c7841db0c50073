// Multi-task scene-understanding network: segmentation, depth and scene
// classification heads on a shared encoder (defective).
//
// train_step() logs the scene accuracy but leaves the scene logits out of the
// loss. scene_head_ is the only consumer of its own parameters, so it never
// receives a gradient and stays at its random initialisation, while the
// scene accuracy on the dashboard stays at chance.
#include <torch/torch.h>

#include <tuple>

namespace nn = torch::nn;

static nn::Sequential make_encoder(int64_t width) {
  nn::Sequential seq;
  const int64_t chans[] = {3, width, width, 2 * width, 2 * width};
  for (int i = 0; i < 4; ++i) {
    const int64_t stride = (i % 2 == 0) ? 2 : 1;
    seq->push_back(nn::Conv2d(nn::Conv2dOptions(chans[i], chans[i + 1], 3).stride(stride).padding(1).bias(false)));
    seq->push_back(nn::BatchNorm2d(chans[i + 1]));
    seq->push_back(nn::ReLU());
  }
  return seq;
}

struct MultiTaskNetImpl : nn::Module {
  MultiTaskNetImpl(int64_t num_seg_classes, int64_t num_scenes, int64_t width = 64) {
    encoder_ = register_module("encoder", make_encoder(width));
    seg_head_ = register_module("seg_head", nn::Conv2d(nn::Conv2dOptions(2 * width, num_seg_classes, 1)));
    depth_head_ = register_module("depth_head", nn::Conv2d(nn::Conv2dOptions(2 * width, 1, 1)));
    scene_head_ = register_module("scene_head", nn::Linear(2 * width, num_scenes));
  }

  // images: [B, 3, H, W] -> (segmentation logits, depth, scene logits), dense outputs at H/4 x W/4
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> forward(const torch::Tensor& images) {
    auto feats = encoder_->forward(images);
    auto pooled = torch::adaptive_avg_pool2d(feats, {1, 1}).flatten(1);
    return {seg_head_(feats), torch::softplus(depth_head_(feats)).squeeze(1), scene_head_(pooled)};
  }

  nn::Sequential encoder_{nullptr};
  nn::Conv2d seg_head_{nullptr}, depth_head_{nullptr};
  nn::Linear scene_head_{nullptr};
};
TORCH_MODULE(MultiTaskNet);

struct TaskBatch {
  torch::Tensor images, seg, depth, scene;
};

// Returns the scene accuracy of the batch, for the dashboard.
double train_step(MultiTaskNet& model, torch::optim::Optimizer& optimizer, const TaskBatch& batch) {
  namespace F = torch::nn::functional;
  model->train();
  optimizer.zero_grad();
  auto [seg_logits, depth, scene_logits] = model->forward(batch.images);  // DEFECT(nn-output-not-in-loss): scene_logits never reaches the loss, so scene_head_ gets no gradient
  auto loss = F::cross_entropy(seg_logits, batch.seg) + 0.5 * F::l1_loss(depth, batch.depth);
  loss.backward();
  optimizer.step();
  auto predicted = scene_logits.detach().argmax(1);
  return predicted.eq(batch.scene).to(torch::kFloat).mean().item<double>();
}
