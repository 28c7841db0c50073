// What differs between running the replicas on CPUs and on CUDA devices: how replicas combine
// their gradients and how much memory each device used. One code path calls it for both.
#pragma once

#include <torch/types.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace nnlint::verify::detail {

class Backend {
 public:
  virtual ~Backend() = default;
  // Facts worth putting in the report (backend name, library versions, device mapping).
  virtual std::vector<std::pair<std::string, std::string>> describe() const = 0;
  // buffers[r] lives on devices[r]; all have the same shape and dtype (float or double).
  // Afterwards every buffer holds the element-wise sum of all of them.
  virtual void all_reduce_sum(std::vector<torch::Tensor>& buffers) = 0;
  virtual void reset_peak_memory() {}
  // Peak bytes allocated per device since reset_peak_memory(); empty when not measurable.
  virtual std::vector<int64_t> peak_memory() const { return {}; }
};

// NCCL when the devices are CUDA devices and the library was built with NCCL, otherwise plain
// tensor copies (which work on any device).
std::unique_ptr<Backend> make_backend(const std::vector<torch::Device>& devices);

#ifdef NNLINT_VERIFY_WITH_NCCL
std::unique_ptr<Backend> make_nccl_backend(const std::vector<torch::Device>& devices);
#endif

}  // namespace nnlint::verify::detail
