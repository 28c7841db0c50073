// Every rank's facts, phase by phase, through c10d's TCPStore (the rendezvous DDP uses, so it
// works across nodes). A rank that does not post a phase in time is missing from the result,
// so nobody hangs on it.
#pragma once

#include "ranks_setup.h"

#include <torch/csrc/distributed/c10d/Store.hpp>

#include <optional>
#include <string>
#include <vector>

namespace nnlint::verify::detail {

class Exchange {
 public:
  // Connects to MASTER_ADDR:MASTER_PORT; rank 0 hosts the store unless one already listens there
  // (torchrun's agent, or the program's own). `call` numbers the collective calls of a process
  // so that their keys never meet. A world of one needs no store.
  Exchange(const RankSetup& setup, int call);

  // This rank's payload is posted; every rank's comes back (nullopt: not posted within the
  // timeout). A rank that missed one phase is not waited for in later ones.
  std::vector<std::optional<std::string>> all_gather(const std::string& phase, const std::string& payload);

  // True once some rank gave up waiting for another in this call: a collective would hang.
  bool abandoned() const;
  // The store, under a prefix of this call (for a process group made by the verifier).
  c10::intrusive_ptr<c10d::Store> prefixed(const std::string& name) const;
  // "TCPStore 127.0.0.1:29500 hosted by rank 0" and the like.
  const std::string& description() const { return description_; }

 private:
  std::string key(const std::string& phase, int rank) const;

  RankSetup setup_;
  std::string prefix_;
  c10::intrusive_ptr<c10d::Store> store_;
  std::string description_;
  std::vector<bool> absent_;
};

}  // namespace nnlint::verify::detail
