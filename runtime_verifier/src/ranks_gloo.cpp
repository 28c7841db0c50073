// Gloo over TCP, the CPU backend of DistributedDataParallel. ProcessGroupGloo.hpp is guarded by
// USE_C10D_GLOO, which the build defines for this file.
#include "ranks_collective.h"

#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>

#include <cstdlib>

namespace nnlint::verify::detail {
namespace {

bool loopback(const std::string& addr) { return addr == "localhost" || addr.rfind("127.", 0) == 0; }

class GlooCollective : public Collective {
 public:
  GlooCollective(const RankSetup& setup, const Exchange& exchange) {
    auto options = c10d::ProcessGroupGloo::Options::create(setup.timeout);
    // The interface the others can reach: GLOO_SOCKET_IFNAME as in PyTorch, loopback for a
    // single machine, else the address this host's name resolves to.
    if (const char* ifname = std::getenv("GLOO_SOCKET_IFNAME"); ifname && *ifname)
      options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(ifname));
    else if (loopback(setup.addr))
      options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
    else
      options->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
    group_ = c10::make_intrusive<c10d::ProcessGroupGloo>(exchange.prefixed("gloo"), setup.rank, setup.world, options);
  }
  std::string name() const override { return "Gloo (made by the verifier)"; }
  void all_reduce_sum(torch::Tensor& t, std::chrono::milliseconds timeout) override {
    std::vector<torch::Tensor> tensors{t};
    if (!group_->allreduce(tensors)->wait(timeout)) throw std::runtime_error("the Gloo all-reduce timed out");
  }

 private:
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group_;
};

}  // namespace

std::unique_ptr<Collective> make_gloo(const RankSetup& setup, const Exchange& exchange) {
  return std::make_unique<GlooCollective>(setup, exchange);
}

}  // namespace nnlint::verify::detail
