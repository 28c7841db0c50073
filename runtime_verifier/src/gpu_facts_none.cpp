#include "gpu_facts.h"

namespace nnlint::verify::detail {

std::vector<GpuMemory> gpu_memory() { return {}; }
void reset_gpu_peaks() {}
std::string gpu_pci(int) { return ""; }
int current_gpu() { return -1; }

}  // namespace nnlint::verify::detail
