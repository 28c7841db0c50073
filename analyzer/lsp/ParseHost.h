// A process beside the language server that keeps the open file's include
// block loaded between edits (parse/WarmSession) and parses for the
// server's analysis workers. Each worker asks over its own connection to a
// Unix socket in a private directory, so a worker killed halfway (a newer
// edit) leaves nothing behind that the next one could read.
#pragma once

#include "index/FileResult.h"
#include "parse/WarmRequest.h"

#include <optional>
#include <string>
#include <sys/types.h>

namespace nnlint::lsp {

class ParseHost {
 public:
  ParseHost() = default;
  ParseHost(const ParseHost &) = delete;
  ParseHost &operator=(const ParseHost &) = delete;
  ~ParseHost();

  // Starts the process unless it runs; false when it cannot.
  bool ensureRunning();

  // In a worker forked after ensureRunning(): the host's result, or none
  // (then the worker parses the file itself).
  std::optional<FileResult> parse(const WarmRequest &request) const;

 private:
  void stop();
  pid_t pid_ = -1;
  std::string dir_;  // holds the socket
};

}  // namespace nnlint::lsp
