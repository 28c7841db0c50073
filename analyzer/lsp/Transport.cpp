#include "lsp/Transport.h"

#include "base/WriteAll.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cerrno>
#include <chrono>
#include <poll.h>
#include <unistd.h>

namespace nnlint::lsp {

bool Transport::takeMessage(std::string &body) {
  for (;;) {
    size_t headerEnd = buffer_.find("\r\n\r\n");
    if (headerEnd == std::string::npos) return false;
    size_t length = 0;
    bool haveLength = false;
    llvm::SmallVector<llvm::StringRef, 4> lines;
    llvm::StringRef(buffer_).take_front(headerEnd).split(lines, "\r\n");
    for (llvm::StringRef line : lines) {
      auto [name, value] = line.split(':');
      if (name.trim().equals_insensitive("content-length"))
        haveLength = !value.trim().getAsInteger(10, length) && length <= kMaxBody;
    }
    if (!haveLength) {  // not a message: drop the header; what follows it may be one
      buffer_.erase(0, headerEnd + 4);
      continue;
    }
    if (buffer_.size() < headerEnd + 4 + length) return false;
    body = buffer_.substr(headerEnd + 4, length);
    buffer_.erase(0, headerEnd + 4 + length);
    return true;
  }
}

Transport::Status Transport::read(int timeoutMs, std::string &body, std::vector<int> wakeFds) {
  llvm::erase(wakeFds, -1);
  using Clock = std::chrono::steady_clock;
  auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
  char chunk[1 << 16];
  for (;;) {
    if (takeMessage(body)) return Status::Message;
    int wait = -1;
    if (timeoutMs >= 0) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      wait = left > 0 ? static_cast<int>(left) : 0;
    }
    std::vector<pollfd> p = {{in_, POLLIN, 0}};
    for (int fd : wakeFds) p.push_back({fd, POLLIN, 0});
    int ready = ::poll(p.data(), p.size(), wait);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return Status::Closed;
    if (ready == 0) return Status::Timeout;
    if (!p[0].revents) return Status::Wake;
    ssize_t n = ::read(in_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Status::Closed;
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

void Transport::send(const Json &message) {
  std::string body = toText(message);
  std::string text = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  // A client that is gone is noticed by the read side.
  (void)writeAll(out_, text.data(), text.size());
}

}  // namespace nnlint::lsp
