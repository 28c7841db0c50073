// Runs many independent tasks in forked worker processes. Each worker takes
// the next task number from a counter shared by all workers, runs it and
// sends its result back (cache/Messages.h) through a pipe; a crashed worker loses only
// the task it was running.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace nnlint {

// Results by task number; a task whose worker died has no result.
std::vector<std::optional<nlohmann::json>> runInWorkers(size_t tasks, unsigned workers,
                                                        const std::function<nlohmann::json(size_t)> &task,
                                                        const std::function<void(size_t done)> &progress);

// The number of cores this process may use.
unsigned availableCores();

}  // namespace nnlint
