#include "backend.h"

#include <torch/version.h>

#include <algorithm>

namespace nnlint::verify::detail {
namespace {

// Sums through ordinary tensor copies onto the first buffer's device.
class CopyBackend : public Backend {
 public:
  std::vector<std::pair<std::string, std::string>> describe() const override {
    return {{"backend", "tensor copies (no NCCL)"}, {"libtorch", TORCH_VERSION}};
  }

  void all_reduce_sum(std::vector<torch::Tensor>& buffers) override {
    torch::Tensor total = buffers.at(0).clone();
    for (size_t r = 1; r < buffers.size(); ++r) total.add_(buffers[r].to(total.device()));
    for (torch::Tensor& b : buffers) b.copy_(total);
  }
};

}  // namespace

std::unique_ptr<Backend> make_backend(const std::vector<torch::Device>& devices) {
#ifdef NNLINT_VERIFY_WITH_NCCL
  // NCCL needs one communicator per device; a device listed twice (data_parallel accepts
  // {cuda:0, cuda:0}) is summed by copies.
  bool distinct = true;
  for (size_t i = 0; i < devices.size(); ++i)
    distinct = distinct && std::find(devices.begin() + static_cast<std::ptrdiff_t>(i) + 1, devices.end(), devices[i]) == devices.end();
  if (!devices.empty() && devices[0].is_cuda() && distinct) return make_nccl_backend(devices);
#else
  (void)devices;
#endif
  return std::make_unique<CopyBackend>();
}

}  // namespace nnlint::verify::detail
