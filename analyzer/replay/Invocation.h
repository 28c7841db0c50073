// Which command lines the front may answer from a record (ReplayRecord.h),
// and the key that names their record.
//
// A command answers again only when what it prints is all it does, and
// printing it is all a rerun would do: findings to standard output and
// standard error that are not terminals (a terminal gets a progress line and
// colours), no file written (--output, --fix, ...), no --lsp, no response
// file, no source from standard input, a cache (not --no-cache).
//
// The key holds everything else a run's answer can depend on apart from the
// files it reads: the analyzer's executable, the working directory, the
// arguments and the environment (less the variables a shell changes between
// two commands, and nnlint's own log).
#pragma once

#include <optional>
#include <string>

namespace nnlint::replay {

struct Invocation {
  std::string key;
  std::string recordPath;  // <cache dir>/replay/<hash of the key>
  // Standard output and error go to one place (2>&1): the analyzer gets one
  // pipe for both, so that their order is its own.
  bool oneStream = false;
};

// `stdoutFd` and `stderrFd` must be open and not terminals.
std::optional<Invocation> replayable(int argc, char **argv, char **envp, const std::string &analyzer, int stdoutFd,
                                     int stderrFd);

}  // namespace nnlint::replay
