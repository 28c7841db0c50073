#include "gpu_facts.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime_api.h>

namespace nnlint::verify::detail {

std::string gpu_pci(int index) {
  char bus[32] = {0};
  return cudaDeviceGetPCIBusId(bus, sizeof bus, index) == cudaSuccess ? std::string(bus) : std::string();
}

std::vector<GpuMemory> gpu_memory() {
  std::vector<GpuMemory> out;
  const int n = static_cast<int>(c10::cuda::device_count());
  for (int d = 0; d < n; ++d) {
    // allocated_bytes[0] is the aggregate over all pool types.
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(d).allocated_bytes[0];
    out.push_back({d, gpu_pci(d), stats.current, stats.peak});
  }
  return out;
}

void reset_gpu_peaks() {
  const int n = static_cast<int>(c10::cuda::device_count());
  for (int d = 0; d < n; ++d) c10::cuda::CUDACachingAllocator::resetPeakStats(d);
}

int current_gpu() { return c10::cuda::device_count() > 0 ? c10::cuda::current_device() : -1; }

}  // namespace nnlint::verify::detail
