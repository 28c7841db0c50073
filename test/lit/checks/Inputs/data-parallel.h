// <torch/nn/parallel/data_parallel.h> for the check tests. The real header
// needs a CUDA build of LibTorch and CUDA's headers: Debian's LibTorch 1.13
// lacks c10/cuda/impl/cuda_cmake_macros.h, and 2.11's needs cuda_runtime_api.h
// on the include path. Where it cannot be included, its two templates are
// declared here as LibTorch 1.13 and 2.11 declare them.
#pragma once

#include <torch/torch.h>

#if defined(NNLINT_TORCH_STUB) || \
    (__has_include(<c10/cuda/impl/cuda_cmake_macros.h>) && __has_include(<cuda_runtime_api.h>))
#include <torch/nn/parallel/data_parallel.h>
#else
namespace torch {
namespace nn {
namespace parallel {

template <typename ModuleType>
std::vector<std::shared_ptr<ModuleType>> replicate(const std::shared_ptr<ModuleType>& module,
                                                   const std::vector<Device>& devices);

template <typename ModuleType>
std::vector<ModuleHolder<ModuleType>> replicate(const ModuleHolder<ModuleType>& module,
                                                const std::vector<Device>& devices);

template <typename ModuleType>
Tensor data_parallel(ModuleType module, Tensor input, c10::optional<std::vector<Device>> devices = c10::nullopt,
                     c10::optional<Device> output_device = c10::nullopt, int64_t dim = 0);

}  // namespace parallel
}  // namespace nn
}  // namespace torch
#endif
