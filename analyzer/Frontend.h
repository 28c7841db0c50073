// Parses one file with Clang and builds its model index.
#pragma once

#include "ModelIndex.h"
#include "SourceFilter.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>

namespace nnlint {

struct ParseOptions {
  std::string resourceDir;
  std::string clangPath;  // the clang++ that matches resourceDir, to find the standard library
  bool skipLibraryBodies = true;
};

struct FileResult {
  std::string file;
  bool ok = false;
  std::string error;  // one line, when !ok
  ModelIndex index;
};

FileResult indexFile(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts,
                     const SourceFilter &filter);

// The compiler arguments nnlint runs Clang with for a compile command.
std::vector<std::string> adjustArguments(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts);

}  // namespace nnlint
