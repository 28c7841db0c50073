// TAGS: nn-cuda-visible-devices-late, user-device-count
#include <torch/torch.h>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

// A project helper counts the GPUs named on the command line (no CUDA call);
// the mask is set before anything touches CUDA.
static int device_count(const char *csv) {
  if (csv == nullptr || *csv == '\0') return 0;
  int n = 1;
  for (const char *p = csv; *p; ++p)
    if (*p == ',') ++n;
  return n;
}

int main(int argc, char **argv) {
  const char *devices = argc > 1 ? argv[1] : "";
  int requested = device_count(devices);
  if (requested > 0) setenv("CUDA_VISIBLE_DEVICES", devices, 1);
  if (!torch::cuda::is_available()) {
    std::cerr << "running on CPU\n";
    return 0;
  }
  std::cout << "visible GPUs: " << torch::cuda::device_count() << " of " << requested << " requested\n";
  torch::manual_seed(7);
  auto x = torch::randn({4, 4}, torch::Device(torch::kCUDA, 0));
  return x.is_cuda() ? 0 : 1;
}
