// Multi-task scene-understanding network: segmentation, depth and scene
// classification heads on a shared encoder (correct).
//
// The heads live in a registered torch::nn::ModuleDict and every output of
// forward() is part of the training loss.
// Tricky negative: `seg_prior_` is a frozen parameter
// (register_parameter(..., /*requires_grad=*/false)) that forward() never
// uses; calibrated_segmentation() uses it at inference time to correct the
// segmentation for the label distribution of the deployment site.
#include <torch/torch.h>

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

struct MultiTaskOutput {
  torch::Tensor seg_logits, depth, scene_logits;
};

struct MultiTaskNetImpl : nn::Module {
  MultiTaskNetImpl(int64_t num_seg_classes, int64_t num_scenes, int64_t width = 64) {
    encoder_ = register_module("encoder", make_encoder(width));
    heads_ = register_module("heads", nn::ModuleDict());
    heads_->update({{"seg", nn::Conv2d(nn::Conv2dOptions(2 * width, num_seg_classes, 1)).ptr()},
                    {"depth", nn::Conv2d(nn::Conv2dOptions(2 * width, 1, 1)).ptr()},
                    {"scene", nn::Linear(2 * width, num_scenes).ptr()}});
    seg_prior_ = register_parameter("seg_prior", torch::full({num_seg_classes}, 1.0 / num_seg_classes),
                                    /*requires_grad=*/false);
  }

  MultiTaskOutput forward(const torch::Tensor& images) {
    auto feats = encoder_->forward(images);
    auto pooled = torch::adaptive_avg_pool2d(feats, {1, 1}).flatten(1);
    MultiTaskOutput out;
    out.seg_logits = heads_["seg"]->as<nn::Conv2d>()->forward(feats);
    out.depth = torch::softplus(heads_["depth"]->as<nn::Conv2d>()->forward(feats)).squeeze(1);
    out.scene_logits = heads_["scene"]->as<nn::Linear>()->forward(pooled);
    return out;
  }

  // Inference only: re-weights the class posteriors by the site prior.
  torch::Tensor calibrated_segmentation(const torch::Tensor& images) {
    torch::NoGradGuard no_grad;
    auto probs = torch::softmax(forward(images).seg_logits, /*dim=*/1);
    return (probs * seg_prior_.view({1, -1, 1, 1})).argmax(1);
  }

  nn::Sequential encoder_{nullptr};
  nn::ModuleDict heads_{nullptr};
  torch::Tensor seg_prior_;
};
TORCH_MODULE(MultiTaskNet);

struct TaskBatch {
  torch::Tensor images, seg, depth, scene;
};

double train_step(MultiTaskNet& model, torch::optim::Optimizer& optimizer, const TaskBatch& batch) {
  namespace F = torch::nn::functional;
  model->train();
  optimizer.zero_grad();
  MultiTaskOutput out = model->forward(batch.images);
  auto loss = F::cross_entropy(out.seg_logits, batch.seg) + 0.5 * F::l1_loss(out.depth, batch.depth) +
              0.2 * F::cross_entropy(out.scene_logits, batch.scene);
  loss.backward();
  optimizer.step();
  return loss.item<double>();
}
