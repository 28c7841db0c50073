#include "lsp/Worker.h"

#include "cache/Parallel.h"

#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace nnlint::lsp {

bool Worker::start(const std::function<std::string()> &work) {
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
    // A length first: a worker that dies halfway is told from one that finished.
    std::string text = work();
    std::string sized = std::to_string(text.size()) + "\n" + text;
    ::_exit(writeAll(fds[1], sized.data(), sized.size()) ? 0 : 1);
  }
  ::close(fds[1]);
  if (pid < 0) {
    ::close(fds[0]);
    return false;
  }
  pid_ = pid;
  fd_ = fds[0];
  received_.clear();
  return true;
}

bool Worker::poll(std::optional<std::string> &result) {
  if (!running()) return false;
  char chunk[1 << 16];
  ssize_t n;
  while ((n = ::read(fd_, chunk, sizeof chunk)) < 0 && errno == EINTR) {
  }
  if (n > 0) {
    received_.append(chunk, static_cast<size_t>(n));
    return false;  // whatever else is there comes with the next wake-up
  }
  result = reap();
  return true;
}

std::optional<std::string> Worker::reap() {
  ::close(fd_);
  fd_ = -1;
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  size_t newline = received_.find('\n');
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || newline == std::string::npos) return std::nullopt;
  if (received_.size() - newline - 1 != std::strtoull(received_.c_str(), nullptr, 10)) return std::nullopt;
  return received_.substr(newline + 1);
}

void Worker::cancel() {
  if (!running()) return;
  ::kill(pid_, SIGKILL);
  ::close(fd_);
  fd_ = -1;
  while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  received_.clear();
}

}  // namespace nnlint::lsp
