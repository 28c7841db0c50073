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

namespace {

// A message is a kind ('E' early, 'F' final), its length, '\n' and its text:
// a worker that dies halfway is told from one that finished.
std::string frame(char kind, const std::string &text) {
  return kind + std::to_string(text.size()) + "\n" + text;
}

}  // namespace

bool Worker::start(const std::function<std::string(const Send &early)> &work) {
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
    bool written = true;
    auto send = [&](char kind, const std::string &text) {
      std::string framed = frame(kind, text);
      written = written && writeAll(fds[1], framed.data(), framed.size());
    };
    std::string last = work([&](const std::string &text) { send('E', text); });
    send('F', last);
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

bool Worker::poll(std::vector<std::string> &early, std::optional<std::string> &result) {
  if (!running()) return false;
  char chunk[1 << 16];
  ssize_t n;
  while ((n = ::read(fd_, chunk, sizeof chunk)) < 0 && errno == EINTR) {
  }
  if (n > 0) {
    received_.append(chunk, static_cast<size_t>(n));
    for (auto &[kind, text] : takeMessages())
      if (kind == 'E') early.push_back(std::move(text));
      else final_ = std::move(text);
    return false;  // whatever else is there comes with the next wake-up
  }
  result = reap();
  return true;
}

std::vector<std::pair<char, std::string>> Worker::takeMessages() {
  std::vector<std::pair<char, std::string>> messages;
  size_t at = 0;
  for (;;) {
    size_t newline = received_.find('\n', at);
    if (newline == std::string::npos) break;
    size_t size = std::strtoull(received_.c_str() + at + 1, nullptr, 10);
    if (received_.size() - newline - 1 < size) break;
    messages.emplace_back(received_[at], received_.substr(newline + 1, size));
    at = newline + 1 + size;
  }
  received_.erase(0, at);
  return messages;
}

std::optional<std::string> Worker::reap() {
  ::close(fd_);
  fd_ = -1;
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  std::optional<std::string> last = std::move(final_);
  final_.reset();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !received_.empty()) return std::nullopt;
  return last;
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
  final_.reset();
}

}  // namespace nnlint::lsp
