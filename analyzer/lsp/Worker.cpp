#include "lsp/Worker.h"

#include "cache/Messages.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace nnlint::lsp {

bool Worker::start(const std::function<std::string(const Send &early, Later &later)> &work) {
  cancel();
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  llvm::outs().flush();
  llvm::errs().flush();
  const pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid == 0) {
    // A server that goes away (the editor closed) takes its worker with it.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(1);
    ::close(fds[0]);
    // {"early": text} or, last, {"final": text}: a worker that dies halfway
    // is told from one that finished.
    bool written = true;
    auto send = [&](const char *kind, const std::string &text) {
      written = written && sendMessage(fds[1], nlohmann::json{{kind, text}});
    };
    Later later;
    std::string last = work([&](const std::string &text) { send("early", text); }, later);
    send("final", last);
    for (const std::function<void()> &task : later) task();
    ::_exit(written ? 0 : 1);
  }
  ::close(fds[1]);
  if (pid < 0) {
    ::close(fds[0]);
    return false;
  }
  pid_ = pid;
  fd_ = fds[0];
  received_.clear();
  final_.reset();
  return true;
}

bool Worker::readable() const {
  pollfd p{fd_, POLLIN, 0};
  return running() && ::poll(&p, 1, 0) > 0;
}

bool Worker::poll(std::vector<std::string> &early, std::optional<std::string> &result) {
  if (!running()) return false;
  char chunk[1 << 16];
  ssize_t n;
  while ((n = ::read(fd_, chunk, sizeof chunk)) < 0 && errno == EINTR) {
  }
  if (n > 0) {
    received_.append(chunk, static_cast<size_t>(n));
    for (nlohmann::json &message : takeMessages(received_)) {
      if (message.is_object() && message.contains("early") && message["early"].is_string())
        early.push_back(message["early"].get<std::string>());
      else if (message.is_object() && message.contains("final") && message["final"].is_string())
        final_ = message["final"].get<std::string>();
    }
    if (final_) {
      ending_.push_back(pid_);
      pid_ = -1;
      result = stopReading();
      return true;
    }
    return false;  // whatever else is there comes with the next wake-up
  }
  result = reap();
  return true;
}

std::optional<std::string> Worker::stopReading() {
  ::close(fd_);
  fd_ = -1;
  std::optional<std::string> last = received_.empty() ? std::move(final_) : std::nullopt;
  received_.clear();
  final_.reset();
  return last;
}

std::optional<std::string> Worker::reap() {
  std::optional<std::string> last = stopReading();
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return last;
}

void Worker::reapEnding(bool wait) {
  llvm::erase_if(ending_, [&](pid_t pid) {
    pid_t got;
    while ((got = ::waitpid(pid, nullptr, wait ? 0 : WNOHANG)) < 0 && errno == EINTR) {
    }
    return got != 0;
  });
}

void Worker::cancel() {
  reapEnding(/*wait=*/false);
  if (!running()) return;
  ::kill(pid_, SIGKILL);
  (void)stopReading();
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

}  // namespace nnlint::lsp
