// An editor's buffer to be parsed in a process that keeps its include block
// loaded between edits (see ParseOptions::warm, lsp/ParseHost).
#pragma once

#include <string>
#include <vector>

namespace nnlint {

struct WarmRequest {
  std::vector<std::string> args;  // adjustArguments(), without a PCH
  std::string file;               // absolute
  std::string directory;          // the command's working directory
  std::string cacheDir;
  std::string pchKey;             // the precompiled block the file is parsed with (PchCache)
  // The rest of the file's include block, parsed once when the session
  // opens: with it, the text is the file with every directive of the block
  // blanked out (an #include left in the text would outlive the parse that
  // read it through its include guard).
  std::string tail;
  std::string blanked;
  bool prime = false;  // only warm the host's session up for it: no answer, once it is warm
};

}  // namespace nnlint
