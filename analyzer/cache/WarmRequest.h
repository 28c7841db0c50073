// An editor's buffer to be parsed in a process that keeps its include block
// loaded between edits (see ParseOptions::warm, lsp/ParseHost).
#pragma once

#include "cache/Pch.h"

#include <string>
#include <vector>

namespace nnlint {

struct WarmRequest {
  std::vector<std::string> args;  // adjustArguments(), without a PCH
  std::string file;               // absolute
  // The buffer's whole include block: a block of fewer lines would leave
  // #include lines in the text, and their include guards would outlive the
  // parse. The parse options and the cache build it when it is missing.
  PchRequest block;
  ParseOptions parse;  // without unsaved buffers or a hook
  std::string cacheDir;
  bool prime = false;  // only warm the host's session for it: no answer is read
};

}  // namespace nnlint
