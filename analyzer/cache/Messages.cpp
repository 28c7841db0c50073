#include "cache/Messages.h"

#include "base/WriteAll.h"

#include <cerrno>
#include <cstdint>
#include <poll.h>
#include <unistd.h>

namespace nnlint {
namespace {

constexpr size_t kHeader = 8;
constexpr uint64_t kLargest = uint64_t(1) << 32;  // a length above it is not ours

std::string header(uint64_t size) {
  std::string bytes(kHeader, '\0');
  for (size_t b = 0; b < kHeader; ++b) bytes[b] = static_cast<char>((size >> (8 * b)) & 0xff);
  return bytes;
}

uint64_t sizeOf(const char *bytes) {
  uint64_t size = 0;
  for (size_t b = 0; b < kHeader; ++b) size |= static_cast<uint64_t>(static_cast<unsigned char>(bytes[b])) << (8 * b);
  return size;
}

nlohmann::json decode(const char *begin, const char *end) {
  return nlohmann::json::from_cbor(begin, end, /*strict=*/true, /*allow_exceptions=*/false);
}

// Reads exactly `size` bytes, waiting at most `timeoutMs` for each part.
bool readExactly(int fd, char *data, size_t size, int timeoutMs, bool *timedOut) {
  while (size > 0) {
    if (timeoutMs >= 0) {
      pollfd p{fd, POLLIN, 0};
      int ready = ::poll(&p, 1, timeoutMs);
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0 && timedOut) *timedOut = true;
      if (ready <= 0) return false;
    }
    ssize_t n = ::read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

bool sendMessage(int fd, const nlohmann::json &value) {
  std::vector<std::uint8_t> body = nlohmann::json::to_cbor(value);
  // One write: a message is never interleaved with another writer's.
  std::string bytes = header(body.size());
  bytes.append(body.begin(), body.end());
  return writeAll(fd, bytes.data(), bytes.size());
}

std::optional<nlohmann::json> readMessage(int fd, int timeoutMs, bool *timedOut) {
  char head[kHeader];
  if (!readExactly(fd, head, kHeader, timeoutMs, timedOut)) return std::nullopt;
  uint64_t size = sizeOf(head);
  if (size > kLargest) return std::nullopt;
  std::string body(size, '\0');
  if (!readExactly(fd, body.data(), body.size(), timeoutMs, timedOut)) return std::nullopt;
  nlohmann::json value = decode(body.data(), body.data() + body.size());
  if (value.is_discarded()) return std::nullopt;
  return value;
}

std::vector<nlohmann::json> takeMessages(std::string &buffer) {
  std::vector<nlohmann::json> messages;
  size_t at = 0;
  while (buffer.size() - at >= kHeader) {
    uint64_t size = sizeOf(buffer.data() + at);
    if (size > kLargest) {
      messages.push_back(nlohmann::json::value_t::discarded);
      at = buffer.size();
      break;
    }
    if (buffer.size() - at - kHeader < size) break;
    const char *body = buffer.data() + at + kHeader;
    messages.push_back(decode(body, body + size));
    at += kHeader + size;
  }
  buffer.erase(0, at);
  return messages;
}

}  // namespace nnlint
