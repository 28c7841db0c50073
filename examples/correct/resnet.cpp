// ResNet-18-style classifier (correct).
//
// Tricky negatives:
//  * `relu_` is an unregistered torch::nn::ReLU member: ReLU has no
//    parameters, buffers or train/eval behaviour, so not registering it is fine.
//  * the projection shortcut is registered only when the block changes shape,
//    and forward() uses it under the same condition (the holder is non-null
//    exactly when it is registered), so it is never a conditional parameter.
//  * `fc_` is registered only when num_classes > 0 (feature-extractor mode
//    otherwise) and forward() checks the same holder.
#include <torch/torch.h>

namespace nn = torch::nn;

static nn::Conv2dOptions conv3x3(int64_t in, int64_t out, int64_t stride) {
  return nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false);
}

struct BasicBlockImpl : nn::Module {
  BasicBlockImpl(int64_t in_planes, int64_t planes, int64_t stride) {
    conv1 = register_module("conv1", nn::Conv2d(conv3x3(in_planes, planes, stride)));
    bn1 = register_module("bn1", nn::BatchNorm2d(planes));
    conv2 = register_module("conv2", nn::Conv2d(conv3x3(planes, planes, 1)));
    bn2 = register_module("bn2", nn::BatchNorm2d(planes));
    if (stride != 1 || in_planes != planes) {
      downsample = register_module(
          "downsample",
          nn::Sequential(nn::Conv2d(nn::Conv2dOptions(in_planes, planes, 1).stride(stride).bias(false)),
                         nn::BatchNorm2d(planes)));
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    auto identity = downsample ? downsample->forward(x) : x;
    auto out = relu_(bn1(conv1(x)));
    out = bn2(conv2(out));
    return relu_(out + identity);
  }

  nn::Conv2d conv1{nullptr}, conv2{nullptr};
  nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
  nn::Sequential downsample{nullptr};
  nn::ReLU relu_;  // stateless: no need to register
};
TORCH_MODULE(BasicBlock);

struct ResNetImpl : nn::Module {
  ResNetImpl(std::vector<int64_t> blocks_per_stage, int64_t num_classes) {
    stem_ = register_module("stem", nn::Sequential(nn::Conv2d(conv3x3(3, 64, 1)), nn::BatchNorm2d(64),
                                                   nn::ReLU(nn::ReLUOptions().inplace(true))));
    int64_t in_planes = 64;
    const int64_t widths[] = {64, 128, 256, 512};
    stages_ = register_module("stages", nn::Sequential());
    for (size_t s = 0; s < blocks_per_stage.size() && s < 4; ++s) {
      for (int64_t b = 0; b < blocks_per_stage[s]; ++b) {
        const int64_t stride = (s > 0 && b == 0) ? 2 : 1;
        stages_->push_back(BasicBlock(in_planes, widths[s], stride));
        in_planes = widths[s];
      }
    }
    if (num_classes > 0) {
      fc_ = register_module("fc", nn::Linear(in_planes, num_classes));
    }
  }

  // Returns logits, or pooled features when built without a classifier.
  torch::Tensor forward(torch::Tensor x) {
    x = stages_->forward(stem_->forward(x));
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    if (fc_) {
      x = fc_(x);
    }
    return x;
  }

  nn::Sequential stem_{nullptr}, stages_{nullptr};
  nn::Linear fc_{nullptr};
};
TORCH_MODULE(ResNet);

ResNet resnet18(int64_t num_classes) { return ResNet(std::vector<int64_t>{2, 2, 2, 2}, num_classes); }

double train_epoch(ResNet& model, torch::optim::Optimizer& optimizer,
                   const std::vector<std::pair<torch::Tensor, torch::Tensor>>& batches) {
  model->train();
  double total = 0.0;
  for (const auto& [images, labels] : batches) {
    optimizer.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(model->forward(images), labels);
    loss.backward();
    optimizer.step();
    total += loss.item<double>();
  }
  return total / static_cast<double>(batches.empty() ? 1 : batches.size());
}
