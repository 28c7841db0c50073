// NCCL through c10d (torch 2.x with CUDA), the GPU backend of DistributedDataParallel.
// ProcessGroupNCCL.hpp is guarded by USE_C10D_NCCL, which the build defines for this file.
#include "ranks_collective.h"

#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>

namespace nnlint::verify::detail {
namespace {

class NcclCollective : public Collective {
 public:
  NcclCollective(const RankSetup& setup, const Exchange& exchange) {
    auto options = c10d::ProcessGroupNCCL::Options::create();
    options->timeout = setup.timeout;
    group_ = c10::make_intrusive<c10d::ProcessGroupNCCL>(exchange.prefixed("nccl"), setup.rank, setup.world, options);
  }
  ~NcclCollective() override {
    try {
      group_->shutdown();  // before the communicators are destroyed, or exit may hang
    } catch (...) {
    }
  }
  std::string name() const override { return "NCCL (made by the verifier)"; }
  void all_reduce_sum(torch::Tensor& t, std::chrono::milliseconds timeout) override {
    std::vector<torch::Tensor> tensors{t};
    if (!group_->allreduce(tensors)->wait(timeout)) throw std::runtime_error("the NCCL all-reduce timed out");
  }

 private:
  c10::intrusive_ptr<c10d::ProcessGroupNCCL> group_;
};

}  // namespace

std::unique_ptr<Collective> make_nccl(const RankSetup& setup, const Exchange& exchange, const torch::Device&) {
  return std::make_unique<NcclCollective>(setup, exchange);
}

}  // namespace nnlint::verify::detail
