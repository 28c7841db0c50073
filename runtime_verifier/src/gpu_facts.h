// What check_ranks needs to know about the GPUs a process sees: their PCI bus ids (the same GPU
// under every CUDA_VISIBLE_DEVICES) and what the caching allocator holds on each. A build
// without CUDA sees none (gpu_facts_none.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace nnlint::verify::detail {

struct GpuMemory {
  int index = 0;        // cuda:<index> in this process
  std::string pci;      // "0000:06:00.0"
  int64_t current = 0;  // bytes allocated now
  int64_t peak = 0;     // most bytes allocated since reset_gpu_peaks()
};

std::vector<GpuMemory> gpu_memory();
void reset_gpu_peaks();
std::string gpu_pci(int index);
int current_gpu();  // -1 without CUDA

}  // namespace nnlint::verify::detail
