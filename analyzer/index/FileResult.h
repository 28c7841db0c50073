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
  // exist yet (a library about to be installed), which no input records, so
  // it is never cached.
  bool missingInclude = false;
};

}  // namespace nnlint
