// Decides which source locations belong to the user's code (analysed, and
// where findings are reported) and which to libraries (LibTorch, the C++
// standard library, anything included as a system header).
#pragma once

#include "base/SourcePoint.h"

#include "clang/Basic/SourceManager.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace nnlint {

class SourceFilter {
 public:
  explicit SourceFilter(std::vector<std::string> libraryPrefixes = defaultLibraryPrefixes());
  static std::vector<std::string> defaultLibraryPrefixes();

  bool isLibrary(const clang::SourceManager &sm, clang::SourceLocation loc) const;
  bool isLibraryPath(const std::string &path) const;

 private:
  std::vector<std::string> prefixes_;
  // isLibrary() is asked for every declaration of every header: remember the
  // answer per file name as Clang spells it, not per location.
  mutable std::unordered_map<std::string, bool> byFileName_;
};

// The file, line and column of `loc` (its expansion, for macros), with an
// absolute, normalised path so facts from several files can be merged.
SourcePoint toPoint(const clang::SourceManager &sm, clang::SourceLocation loc);
// Absolute, without `.` and `..` (a `..` after a symbolic link is resolved
// through the link, as the kernel does).
std::string normalisePath(const std::string &path);

}  // namespace nnlint
