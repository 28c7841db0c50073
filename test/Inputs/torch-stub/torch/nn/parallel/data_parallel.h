// nnlint torch stub: mirrors torch/csrc/api/include/torch/nn/parallel/data_parallel.h (declarations
// with trivial bodies). Not included by <torch/torch.h>, as in the real LibTorch.
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "../../cuda.h"
#include "../module.h"
#include "../pimpl.h"

namespace torch {
namespace nn {

template <typename ModuleType>
void replicate_grad_edges(const std::shared_ptr<Module>& module,
                          const std::vector<std::shared_ptr<ModuleType>>& replicas,
                          const std::vector<Device>& devices) {}

namespace parallel {

template <typename ModuleType>
std::vector<std::shared_ptr<ModuleType>> replicate(const std::shared_ptr<ModuleType>& module,
                                                   const std::vector<Device>& devices) {
  std::vector<std::shared_ptr<ModuleType>> replicas;
  for (const auto& device : devices) {
    replicas.push_back(std::dynamic_pointer_cast<ModuleType>(module->clone(device)));
  }
  return replicas;
}

template <typename ModuleType>
std::vector<ModuleHolder<ModuleType>> replicate(const ModuleHolder<ModuleType>& module,
                                                const std::vector<Device>& devices) {
  auto ptrs = replicate(module.ptr(), devices);
  return std::vector<ModuleHolder<ModuleType>>(ptrs.begin(), ptrs.end());
}

template <typename ModuleType>
std::vector<Tensor> parallel_apply(std::vector<ModuleType>& modules, const std::vector<Tensor>& inputs,
                                   const optional<std::vector<Device>>& devices = nullopt) {
  return {};
}

template <typename ModuleType>
Tensor data_parallel(ModuleType module, Tensor input, optional<std::vector<Device>> devices = nullopt,
                     optional<Device> output_device = nullopt, int64_t dim = 0) {
  return module->forward(std::move(input));
}

}  // namespace parallel
}  // namespace nn
}  // namespace torch
