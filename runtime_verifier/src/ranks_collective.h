// The gradient all-reduce of check_ranks: the program's own process group, or one made here
// (Gloo for CPU tensors, NCCL for CUDA) over the check's store.
#pragma once

#include "nnlint/verify.h"
#include "ranks_exchange.h"

#include <memory>
#include <string>

namespace nnlint::verify::detail {

class Collective {
 public:
  virtual ~Collective() = default;
  virtual std::string name() const = 0;
  // Sums t over all ranks in place; throws when it fails or takes longer than timeout.
  virtual void all_reduce_sum(torch::Tensor& t, std::chrono::milliseconds timeout) = 0;
};

// Throws with one line when the device's backend is not in this build.
std::unique_ptr<Collective> make_collective(const RankSetup& setup, const Exchange& exchange,
                                            const torch::Device& device, const AllReduceFn& user);

#ifdef NNLINT_VERIFY_WITH_GLOO
std::unique_ptr<Collective> make_gloo(const RankSetup& setup, const Exchange& exchange);
#endif
#ifdef NNLINT_VERIFY_WITH_C10D_NCCL
std::unique_ptr<Collective> make_nccl(const RankSetup& setup, const Exchange& exchange, const torch::Device& device);
#endif

}  // namespace nnlint::verify::detail
