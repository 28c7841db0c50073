#include "cache/Parallel.h"

#include "cache/Messages.h"

#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <string>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace nnlint {
namespace {

using Counter = std::atomic<size_t>;
static_assert(Counter::is_always_lock_free, "the task counter is shared between processes");

// Worker: run tasks until none are left; each message (cache/Messages.h)
// is {"task": i, "result": ...}.
[[noreturn]] void workerLoop(int out, Counter &next, size_t tasks, const std::function<nlohmann::json(size_t)> &task) {
  for (size_t i = next.fetch_add(1); i < tasks; i = next.fetch_add(1))
    if (!sendMessage(out, nlohmann::json{{"task", i}, {"result", task(i)}})) break;
  ::close(out);
  ::_exit(0);
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::string buffer;
};

// Takes every whole message off the front of `buffer`.
void takeResults(std::string &buffer, std::vector<std::optional<nlohmann::json>> &results, size_t &done,
                 const std::function<void(size_t)> &progress) {
  for (nlohmann::json &message : takeMessages(buffer)) {
    if (message.is_discarded() || !message.contains("task") || !message["task"].is_number_unsigned()) continue;
    size_t i = message["task"].get<size_t>();
    if (i >= results.size() || results[i]) continue;
    results[i] = std::move(message["result"]);
    if (progress) progress(++done);
  }
}

}  // namespace

unsigned availableCores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<std::optional<nlohmann::json>> runInWorkers(size_t tasks, unsigned workers,
                                                        const std::function<nlohmann::json(size_t)> &task,
                                                        const std::function<void(size_t)> &progress) {
  std::vector<std::optional<nlohmann::json>> results(tasks);
  void *shared = ::mmap(nullptr, sizeof(Counter), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) return results;
  Counter *next = new (shared) Counter(0);
  llvm::outs().flush();
  llvm::errs().flush();

  std::vector<Worker> running;
  const pid_t parent = ::getpid();
  for (unsigned w = 0; w < workers; ++w) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) break;
    pid_t pid = ::fork();
    if (pid == 0) {
      // A parent killed by a signal (SIGTERM from a CI runner, a closed editor) takes its workers with it.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(1);
      ::close(fds[0]);
      for (const Worker &other : running) ::close(other.fd);
      workerLoop(fds[1], *next, tasks, task);
    }
    ::close(fds[1]);
    if (pid < 0) {
      ::close(fds[0]);
      break;
    }
    running.push_back({pid, fds[0], ""});
  }

  size_t done = 0;
  std::vector<char> chunk(1 << 16);
  for (size_t open = running.size(); open > 0;) {
    std::vector<pollfd> polls;
    std::vector<Worker *> owners;
    for (Worker &w : running)
      if (w.fd >= 0) {
        polls.push_back({w.fd, POLLIN, 0});
        owners.push_back(&w);
      }
    if (::poll(polls.data(), polls.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (size_t k = 0; k < polls.size(); ++k) {
      if (!polls[k].revents) continue;
      Worker &w = *owners[k];
      ssize_t n = ::read(w.fd, chunk.data(), chunk.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ::close(w.fd);
        w.fd = -1;
        --open;
        continue;
      }
      w.buffer.append(chunk.data(), static_cast<size_t>(n));
      takeResults(w.buffer, results, done, progress);
    }
  }
  for (Worker &w : running) {
    if (w.fd >= 0) ::close(w.fd);
    int status = 0;
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  ::munmap(shared, sizeof(Counter));
  return results;
}

}  // namespace nnlint
