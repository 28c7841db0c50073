// ResNet-18-style classifier (defective).
//
// BasicBlock assigns bn2 but never registers it. The network still runs, but
// bn2's weight and bias are missing from parameters() (the optimizer never
// updates them), its running statistics are missing from buffers() and the
// checkpoint, model->to(device) leaves it on the CPU, and model->eval() does
// not switch it to inference mode.
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
    bn2 = nn::BatchNorm2d(planes);
    if (stride != 1 || in_planes != planes) {
      shortcut = register_module(
          "shortcut",
          nn::Sequential(nn::Conv2d(nn::Conv2dOptions(in_planes, planes, 1).stride(stride).bias(false)),
                         nn::BatchNorm2d(planes)));
    } else {
      shortcut = register_module("shortcut", nn::Sequential(nn::Identity()));
    }
  }

  torch::Tensor forward(torch::Tensor x) {
    auto out = torch::relu(bn1(conv1(x)));
    out = bn2(conv2(out));
    return torch::relu(out + shortcut->forward(x));
  }

  nn::Conv2d conv1{nullptr}, conv2{nullptr};
  nn::BatchNorm2d bn1{nullptr};
  nn::BatchNorm2d bn2{nullptr};  // DEFECT(nn-unregistered-submodule): bn2 is assigned in the constructor but never passed to register_module
  nn::Sequential shortcut{nullptr};
};
TORCH_MODULE(BasicBlock);

struct ResNetImpl : nn::Module {
  ResNetImpl(std::vector<int64_t> blocks_per_stage, int64_t num_classes) {
    stem = register_module("stem", nn::Sequential(nn::Conv2d(conv3x3(3, 64, 1)), nn::BatchNorm2d(64),
                                                  nn::ReLU(nn::ReLUOptions().inplace(true))));
    int64_t in_planes = 64;
    const int64_t widths[] = {64, 128, 256, 512};
    stages = register_module("stages", nn::Sequential());
    for (size_t s = 0; s < blocks_per_stage.size() && s < 4; ++s) {
      for (int64_t b = 0; b < blocks_per_stage[s]; ++b) {
        const int64_t stride = (s > 0 && b == 0) ? 2 : 1;
        stages->push_back(BasicBlock(in_planes, widths[s], stride));
        in_planes = widths[s];
      }
    }
    fc = register_module("fc", nn::Linear(in_planes, num_classes));
  }

  torch::Tensor forward(torch::Tensor x) {
    x = stages->forward(stem->forward(x));
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    return fc(x);
  }

  nn::Sequential stem{nullptr}, stages{nullptr};
  nn::Linear fc{nullptr};
};
TORCH_MODULE(ResNet);

ResNet resnet18(int64_t num_classes) { return ResNet(std::vector<int64_t>{2, 2, 2, 2}, num_classes); }
