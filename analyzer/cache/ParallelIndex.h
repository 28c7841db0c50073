// Indexes the files of a run the fast way: in worker processes, and with a
// precompiled include block for blocks that several files share.
#pragma once

#include "base/SourceFilter.h"
#include "cache/CacheBound.h"
#include "parse/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <functional>
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
  // Their commands are the caller's, kept for the run: a database's commands
  // are not copied on every edit.
  std::vector<const clang::tooling::CompileCommand *> peers;
  // The files only lend their facts to the files named (their findings and
  // errors are not reported), and their next run is answered by the facts
  // cache: they take the longest block cached already, else one they share,
  // and build none for themselves alone; and a parse with a block that
  // fails on a missing header is not repeated without it (a plain parse
  // would miss the same header).
  bool lendersOnly = false;
  // Set by an editor's worker: the cache writes (each parsed file's facts,
  // the cache's bound) are left here, to run once the diagnostics are sent.
  std::vector<std::function<void()>> *afterAnswer = nullptr;
};


// One result per command, in the order of `commands`, whatever the scheduling.
// `parsed`, when given, is called with each command's number and result as
// soon as it is parsed, in the process that parsed it: a run killed halfway
// (an editor's analysis cancelled by the next key) keeps what it finished.
std::vector<FileResult> indexFiles(const std::vector<clang::tooling::CompileCommand> &commands,
                                   const ParseOptions &parse, const SourceFilter &filter, const SpeedOptions &speed,
                                   const std::function<void(size_t, const FileResult &)> &parsed = nullptr);

// Asks the parse host (ParseOptions::warm) to warm its session up for each
// editor buffer among `commands` whose include block is cached, and waits
// until it is warm: for a buffer whose facts came from the cache, so that
// the first edit after the diagnostics are published finds the session
// warm. `buildBlocks`: a block that is not cached is built first (in a
// process of its own: it takes seconds).
void warmEditorBuffers(const std::vector<clang::tooling::CompileCommand> &commands, const ParseOptions &parse,
                       const SpeedOptions &speed, bool buildBlocks = false);

}  // namespace nnlint
