// Indexes the files of a run the fast way: in worker processes, and with a
// precompiled include block for blocks that several files share.
#pragma once

#include "base/SourceFilter.h"
#include "cache/CacheBound.h"
#include "cache/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace nnlint {

struct SpeedOptions {
  unsigned jobs = 0;      // worker processes; 0: one per core
  bool useCache = true;   // precompiled include blocks
  std::string cacheDir;   // "" : defaultCacheDir()
  uint64_t cacheLimit = kDefaultCacheLimit;  // bytes (--cache-size)
  bool showProgress = false;
  // Other files of the project, not parsed: their include blocks count when
  // choosing which blocks are shared (the rest of a compilation database).
  std::vector<clang::tooling::CompileCommand> peers;
  // A file whose block no other file shares and that is not cached builds it
  // anyway, so that its next run is warm. Not so for files that only lend
  // their facts (false here), whose next run the facts cache answers: they
  // take the longest block cached already, else one they share, else none.
  bool buildUnshared = true;
};

// With $NNLINT_CACHE_LOG set, appends "<what> <file>" to that file: which path
// a file took (built, hit, discarded, plain, facts), for the tests, which must
// know the fast path was really taken.
void logPath(const char *what, const std::string &file);

// One result per command, in the order of `commands`, whatever the scheduling.
std::vector<FileResult> indexFiles(const std::vector<clang::tooling::CompileCommand> &commands,
                                   const ParseOptions &parse, const SourceFilter &filter, const SpeedOptions &speed);

}  // namespace nnlint
