// LibTorch's own module classes, known by their qualified Impl class name as
// the index records it ("torch::nn::LinearImpl").
#pragma once

#include <string>

namespace nnlint {

bool isLibraryModuleClass(const std::string &implClass);
// ModuleList, ModuleDict, Sequential.
bool isModuleContainerClass(const std::string &implClass);
// A torch::nn module that has no parameters, buffers or train/eval
// behaviour (ReLU, MaxPool2d, Upsample, ...).
bool isStatelessLibraryModule(const std::string &implClass);

}  // namespace nnlint
