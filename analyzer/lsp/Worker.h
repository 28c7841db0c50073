// One analysis running in a forked process while the server goes on reading
// the client: a newer edit cancels it (the process is killed) instead of
// waiting behind it, so no debounce is needed to keep up with typing.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>

namespace nnlint::lsp {

class Worker {
 public:
  Worker() = default;
  Worker(const Worker &) = delete;
  Worker &operator=(const Worker &) = delete;
  ~Worker() { cancel(); }

  // Forks a process that runs `work` and sends back what it returns; false
  // when no process could be started.
  bool start(const std::function<std::string()> &work);
  bool running() const { return pid_ > 0; }
  // Readable when the worker has sent something or ended; -1 when none runs.
  int fd() const { return fd_; }
  // Reads what is there; true once the worker has ended, with `result` its
  // text, or empty when it died before sending all of it.
  bool poll(std::optional<std::string> &result);
  // Kills the worker and forgets it.
  void cancel();

 private:
  std::optional<std::string> reap();

  pid_t pid_ = -1;
  int fd_ = -1;
  std::string received_;
};

}  // namespace nnlint::lsp
