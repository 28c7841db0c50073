// The Language Server Protocol's base protocol: JSON-RPC messages framed by
// a Content-Length header, read from one file descriptor and written to
// another.
#pragma once

#include "lsp/JsonFields.h"

#include <string>
#include <vector>

namespace nnlint::lsp {

class Transport {
 public:
  Transport(int in, int out) : in_(in), out_(out) {}

  enum class Status { Message, Timeout, Closed, Wake };
  // The next message's body; waits at most `timeoutMs` (-1: for ever), and
  // returns Wake when one of `wakeFds` (-1: none) becomes readable first.
  Status read(int timeoutMs, std::string &body, std::vector<int> wakeFds = {});
  void send(const Json &message);

 private:
  // A whole message at the front of the buffer, taken off it.
  bool takeMessage(std::string &body);

  // A longer Content-Length is taken for garbage rather than waited for.
  static constexpr size_t kMaxBody = size_t(1) << 30;

  int in_, out_;
  std::string buffer_;
};

}  // namespace nnlint::lsp
