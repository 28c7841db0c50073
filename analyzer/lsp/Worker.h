// One analysis running in a forked process while the server goes on reading
// the client: a newer edit cancels it (the process is killed) instead of
// waiting behind it, so no debounce is needed to keep up with typing. The
// worker may send early results before its last one.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace nnlint::lsp {

class Worker {
 public:
  Worker() = default;
  Worker(const Worker &) = delete;
  Worker &operator=(const Worker &) = delete;
  ~Worker() {
    cancel();
    reapEnding(/*wait=*/true);
  }

  using Send = std::function<void(const std::string &)>;
  using Later = std::vector<std::function<void()>>;
  // Forks a process that runs `work`, which may send early results, and sends
  // back what it returns, then runs what `work` left in `later` (cache
  // writes nobody waits for); false when no process could be started.
  bool start(const std::function<std::string(const Send &early, Later &later)> &work);
  bool running() const { return pid_ > 0; }
  // Readable when the worker has sent something or ended; -1 when none runs.
  int fd() const { return fd_; }
  // Whether poll() would find something now.
  bool readable() const;
  // Reads what is there, with the early results complete so far in `early`;
  // true once the worker has sent its last message or ended, with `result`
  // its text, or empty when it died before sending all of it. A worker that
  // has sent its last message is done: its exit (it unmaps all it touched)
  // is not waited for, and it is reaped later.
  bool poll(std::vector<std::string> &early, std::optional<std::string> &result);
  // Kills the worker and forgets it.
  void cancel();

 private:
  // Closes the pipe; the last message, if it came whole and nothing after it.
  std::optional<std::string> stopReading();
  std::optional<std::string> reap();
  // Reaps the workers that sent their last message and have exited since
  // (all of them: `wait`).
  void reapEnding(bool wait);

  pid_t pid_ = -1;
  std::vector<pid_t> ending_;  // workers that sent their last message, not yet reaped
  int fd_ = -1;
  std::string received_;              // not yet a whole message
  std::optional<std::string> final_;  // the last message, once it came
};

}  // namespace nnlint::lsp
