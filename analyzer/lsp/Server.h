// `nnlint --lsp`: a Language Server Protocol server on stdin and stdout.
// It publishes nnlint's diagnostics for the C++ documents of the workspace on
// open, on save and on change, and offers their fix-its as quick fixes. Each
// analysis runs in a forked worker process, so a file that crashes the
// analysis costs only that analysis, and an edit that comes meanwhile
// cancels it.
#pragma once

#include "project/Analyzer.h"
#include "project/Config.h"
#include "rules/Rule.h"

#include <string>
#include <vector>

namespace nnlint::lsp {

struct ServerOptions {
  AnalyzerOptions analyzer;           // the command line's -p, --torch-include, --cache-dir, ...
  CommandLineConfig config;           // --checks, --config-file, --warnings-as-errors
  std::vector<const Rule *> rules;    // every check (each finding is then kept or dropped by its file's configuration)
  std::vector<std::string> knownChecks;
  int debounceMs = 0;                 // quiet time after a change before it is analysed
  bool warmParse = true;              // parse the open file where its include block stays loaded (ParseHost)
};

// Serves until the client sends `exit` or closes stdin; returns the exit code
// (0 after a shutdown request, 1 otherwise, as the protocol asks).
int runServer(const ServerOptions &opts);

}  // namespace nnlint::lsp
