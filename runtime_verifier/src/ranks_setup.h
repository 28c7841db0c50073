// Who this rank is and where the others meet: RankOptions with torchrun's variables filled in.
#pragma once

#include "nnlint/verify.h"

#include <chrono>
#include <string>

namespace nnlint::verify::detail {

struct RankSetup {
  int rank = 0;
  int world = 1;
  int local_rank = 0;
  std::string addr = "127.0.0.1";
  int port = 29500;
  // torchrun's agent already serves a TCPStore at addr:port (TORCHELASTIC_USE_AGENT_STORE=True),
  // so rank 0 connects to it instead of hosting one.
  bool agent_store = false;
  std::chrono::milliseconds timeout{60000};
};

// Throws std::invalid_argument with one line naming the variable and its value.
RankSetup resolve_setup(const RankOptions& options);

}  // namespace nnlint::verify::detail
