#include "ranks_collective.h"

#include <stdexcept>

namespace nnlint::verify::detail {
namespace {

class UserCollective : public Collective {
 public:
  explicit UserCollective(AllReduceFn fn) : fn_(std::move(fn)) {}
  std::string name() const override { return "the program's process group (RankOptions::all_reduce)"; }
  void all_reduce_sum(torch::Tensor& t, std::chrono::milliseconds timeout) override { fn_(t, timeout); }

 private:
  AllReduceFn fn_;
};

// A world of one: the sum over ranks is the tensor itself.
class LoneCollective : public Collective {
 public:
  std::string name() const override { return "none (one process)"; }
  void all_reduce_sum(torch::Tensor&, std::chrono::milliseconds) override {}
};

}  // namespace

std::unique_ptr<Collective> make_collective(const RankSetup& setup, const Exchange& exchange,
                                            const torch::Device& device, const AllReduceFn& user) {
  if (user) return std::make_unique<UserCollective>(user);
  if (setup.world == 1) return std::make_unique<LoneCollective>();
  if (device.is_cuda()) {
#ifdef NNLINT_VERIFY_WITH_C10D_NCCL
    return make_nccl(setup, exchange, device);
#else
    throw std::runtime_error("this build of nnlint_verify has no NCCL process group; pass "
                             "RankOptions::all_reduce = all_reduce_through(your_process_group)");
#endif
  }
#ifdef NNLINT_VERIFY_WITH_GLOO
  return make_gloo(setup, exchange);
#else
  (void)exchange;
  throw std::runtime_error("this build of nnlint_verify has no Gloo process group (install libgloo-dev and "
                           "rebuild); pass RankOptions::all_reduce = all_reduce_through(your_process_group)");
#endif
}

}  // namespace nnlint::verify::detail
