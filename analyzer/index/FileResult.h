// What indexing one file gave: its facts, or why there are none, and the
// files it read (for the caches).
#pragma once

#include "index/ModelIndex.h"

#include <string>
#include <vector>

namespace nnlint {

// A file of the user's (not a library header) that a parse read, and a hash
// of the text it read.
struct SourceInput {
  std::string path;  // absolute
  std::string hash;  // see hashText() in parse/Frontend.h
};

struct FileResult {
  std::string file;
  bool ok = false;
  std::string error;     // one line, when !ok
  SourcePoint errorLoc;  // for a compile error: where Clang reported the first one
  unsigned errorCount = 0;  // compile errors in the file
  ModelIndex index;
  // The file itself first, then the user headers the parse read (directly or
  // through a precompiled block); empty when the parse did not run.
  std::vector<SourceInput> inputs;
  // An #include was not found: the result depends on a file that does not
  // exist yet (a library about to be installed).
  bool missingInclude = false;
  // Every path where Clang looked for a missing #include: when one of them
  // appears, the result is stale. Empty when a missing #include was looked
  // for where no path says it (a framework or a header map): never cached.
  std::vector<std::string> absentFiles;
  // The error came from a parse with a precompiled block that a plain parse
  // was not asked to confirm (a file that only lends its facts, see
  // ParallelIndex.h): it answers only for lenders.
  bool blockError = false;
};

}  // namespace nnlint
