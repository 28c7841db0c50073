// Parses one file with Clang and builds its model index.
#pragma once

#include "ModelIndex.h"
#include "SourceFilter.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <map>
#include <string>

namespace nnlint {

struct ParseOptions {
  std::string resourceDir;
  std::string clangPath;  // the clang++ that matches resourceDir, to find the standard library
  bool skipLibraryBodies = true;
  // Editor buffers that differ from the files on disk: absolute path -> text.
  std::map<std::string, std::string> unsaved;
};

// A file of the user's (not a library header) that a parse read, and a hash
// of the text it read.
struct SourceInput {
  std::string path;  // absolute
  std::string hash;  // see hashText()
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
};

// A short hash of a file's text, for telling whether it changed.
std::string hashText(llvm::StringRef text);

// A precompiled include block (see Pch.h) to parse a file with: the PCH and
// the file's text with the block's lines blanked out.
struct PchUse {
  std::string pch;
  std::string blankedText;
  bool holdsUserCode = true;  // the index must walk the declarations the PCH holds
};

FileResult indexFile(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts,
                     const SourceFilter &filter, const PchUse *pch = nullptr);

// The compiler arguments nnlint runs Clang with for a compile command.
std::vector<std::string> adjustArguments(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts);

}  // namespace nnlint
