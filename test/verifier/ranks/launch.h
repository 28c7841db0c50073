// Starts the ranks of a check_ranks scenario as separate processes on this machine (loopback,
// a free port), as torchrun would, and collects their reports. Never waits past a deadline:
// ranks still running then are killed and marked.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace nnlint_test {

struct RankResult {
  int exit_code = -1;       // -1: killed at the deadline or by a signal
  bool killed = false;
  nlohmann::json report;    // null when the rank wrote none
  std::string text;         // the report as text (for failure messages)
};

struct Launch {
  std::vector<RankResult> ranks;
  double seconds = 0;
  std::string describe() const;  // every rank's text, for failure messages
};

// worker: the rank_worker binary. extra_env: "NAME=value" entries added for every rank.
Launch launch_ranks(const std::string& worker, const std::string& scenario, int world, int deadline_seconds,
                    const std::vector<std::string>& extra_env = {});

}  // namespace nnlint_test
