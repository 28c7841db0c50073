#include "index/LibraryModules.h"

#include <set>

namespace nnlint {

bool isLibraryModuleClass(const std::string &implClass) {
  return implClass.rfind("torch::nn::", 0) == 0;
}

bool isModuleContainerClass(const std::string &implClass) {
  static const std::set<std::string> containers = {
      "torch::nn::ModuleListImpl", "torch::nn::ModuleDictImpl", "torch::nn::SequentialImpl"};
  return containers.count(implClass) != 0;
}

bool isStatelessLibraryModule(const std::string &implClass) {
  static const std::set<std::string> stateless = {
      "ReLU", "ReLU6", "RReLU", "LeakyReLU", "ELU", "SELU", "CELU", "GELU", "GLU", "SiLU", "Mish",
      "Sigmoid", "Tanh", "Softmax", "Softmin", "LogSoftmax", "Softmax2d", "Softplus", "Softshrink",
      "Softsign", "Hardshrink", "Hardtanh", "Tanhshrink", "Threshold", "LogSigmoid", "Identity",
      "Flatten", "Unflatten", "Upsample", "PixelShuffle", "PixelUnshuffle", "MaxPool1d",
      "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d",
      "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
      "AdaptiveMaxPool3d", "LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d",
      "FractionalMaxPool2d", "FractionalMaxPool3d", "ZeroPad2d", "ReflectionPad1d",
      "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d",
      "ReplicationPad3d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "CosineSimilarity",
      "PairwiseDistance", "Fold", "Unfold", "Functional", "ChannelShuffle", "L1Loss", "MSELoss",
      "BCELoss", "BCEWithLogitsLoss", "CrossEntropyLoss", "NLLLoss", "KLDivLoss", "HuberLoss",
      "SmoothL1Loss", "HingeEmbeddingLoss", "CosineEmbeddingLoss", "MarginRankingLoss",
      "MultiLabelMarginLoss", "MultiLabelSoftMarginLoss", "MultiMarginLoss", "SoftMarginLoss",
      "TripletMarginLoss", "TripletMarginWithDistanceLoss", "CTCLoss", "PoissonNLLLoss"};
  const std::string prefix = "torch::nn::";
  if (implClass.rfind(prefix, 0) != 0) return false;
  std::string name = implClass.substr(prefix.size());
  if (name.size() > 4 && name.compare(name.size() - 4, 4, "Impl") == 0) name.resize(name.size() - 4);
  return stateless.count(name) != 0;
}

}  // namespace nnlint
