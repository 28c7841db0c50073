// CUDA backend: one NCCL communicator per device, all in this process (ncclCommInitAll).
#include "backend.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAStream.h>
#include <cuda_runtime_api.h>
#include <nccl.h>
#include <torch/version.h>

#include <map>
#include <mutex>
#include <stdexcept>

namespace nnlint::verify::detail {
namespace {

void check(ncclResult_t r, const char* what) {
  if (r != ncclSuccess) throw std::runtime_error(std::string(what) + ": " + ncclGetErrorString(r));
}

std::string nccl_version() {
  int v = 0;
  check(ncclGetVersion(&v), "ncclGetVersion");
  return std::to_string(v / 10000) + "." + std::to_string(v % 10000 / 100) + "." + std::to_string(v % 100);
}

// Creating communicators takes a large part of a second; keep them for the process's lifetime.
const std::vector<ncclComm_t>& communicators(const std::vector<int>& devices) {
  static std::mutex mutex;
  static std::map<std::vector<int>, std::vector<ncclComm_t>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find(devices);
  if (it == cache.end()) {
    std::vector<ncclComm_t> comms(devices.size());
    check(ncclCommInitAll(comms.data(), static_cast<int>(devices.size()), devices.data()), "ncclCommInitAll");
    it = cache.emplace(devices, std::move(comms)).first;
  }
  return it->second;
}

class NcclBackend : public Backend {
 public:
  explicit NcclBackend(const std::vector<torch::Device>& devices) {
    for (const auto& d : devices) index_.push_back(d.index());
  }

  std::vector<std::pair<std::string, std::string>> describe() const override {
    std::vector<std::pair<std::string, std::string>> out = {
        {"backend", "NCCL"}, {"NCCL", nccl_version()}, {"libtorch", TORCH_VERSION}};
    for (int d : index_) {
      cudaDeviceProp prop{};
      char bus[32] = {0};
      if (cudaGetDeviceProperties(&prop, d) == cudaSuccess && cudaDeviceGetPCIBusId(bus, sizeof bus, d) == cudaSuccess)
        out.emplace_back("cuda:" + std::to_string(d), std::string(prop.name) + ", PCI " + bus);
    }
    return out;
  }

  void all_reduce_sum(std::vector<torch::Tensor>& buffers) override {
    const auto& comms = communicators(index_);
    check(ncclGroupStart(), "ncclGroupStart");
    for (size_t r = 0; r < buffers.size(); ++r) {
      torch::Tensor& b = buffers[r];
      TORCH_CHECK(b.is_contiguous() && b.device().index() == index_[r], "buffer ", r, " misplaced");
      ncclDataType_t type = b.scalar_type() == torch::kDouble ? ncclFloat64 : ncclFloat32;
      TORCH_CHECK(b.scalar_type() == torch::kDouble || b.scalar_type() == torch::kFloat, "float buffers only");
      cudaStream_t stream = c10::cuda::getCurrentCUDAStream(index_[r]).stream();
      check(ncclAllReduce(b.data_ptr(), b.data_ptr(), b.numel(), type, ncclSum, comms[r], stream), "ncclAllReduce");
    }
    check(ncclGroupEnd(), "ncclGroupEnd");
  }

  void reset_peak_memory() override {
    for (int d : index_) c10::cuda::CUDACachingAllocator::resetPeakStats(d);
  }

  std::vector<int64_t> peak_memory() const override {
    std::vector<int64_t> out;
    // allocated_bytes[0] is the aggregate over all pool types.
    for (int d : index_) out.push_back(c10::cuda::CUDACachingAllocator::getDeviceStats(d).allocated_bytes[0].peak);
    return out;
  }

 private:
  std::vector<int> index_;
};

}  // namespace

std::unique_ptr<Backend> make_nccl_backend(const std::vector<torch::Device>& devices) {
  return std::make_unique<NcclBackend>(devices);
}

}  // namespace nnlint::verify::detail
