// The precompiled include block: a PCH of a file's leading #include lines,
// built with library function bodies skipped, kept in the cache directory and
// shared by every file (and every nnlint process) with the same block and
// the same compiler arguments.
//
// Cache layout, for a key K (a hash of the arguments without the file name,
// the working directory when an argument reads through it, the resource
// directory, the Clang and nnlint versions and the block's text):
//   K/nnlint-include-block.h   the block, alone in its directory
//   K-<content hash>.pch       the PCH (content-addressed: never rewritten)
//   K.manifest                 which PCH is current, its hash, and the size
//                              and mtime of every header it was built from
//   K.lock                     held while one process builds
//   K.failed                   a build that had errors: the block's line
//                              that reached the first, and the headers read
#pragma once

#include "base/SourceFilter.h"
#include "parse/Frontend.h"
#include "parse/PchBlock.h"
#include "parse/PchLead.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <string>
#include <vector>

namespace nnlint {

// What a file's include block needs to be precompiled: read once per file.
struct PchPlan {
  std::vector<std::string> args;  // compiler arguments without the file name
  std::string directory;          // working directory of the compile command
  bool directoryMatters = true;   // an argument reads through it (the key then holds it)
  std::string text;               // the file
  // The directives a PCH may stand for, a prefix of them (empty when the
  // file must take the plain path): the file's include block, or its library
  // lead (PchLead.h). The first `own` are lines of the file, blanked when
  // the PCH stands for them.
  IncludeBlock block;
  size_t own = 0;
  std::vector<std::string> undefined;  // IncludeLead::undefined
  bool hoisted(size_t count) const { return count > own; }
};

// A PCH of the first `count` directives of a file's block.
struct PchRequest {
  std::string key;                      // "" : none
  std::vector<std::string> headerArgs;  // the compiler arguments that build it
  std::string directory;
  size_t count = 0;                     // how many of the plan's directives
  std::string header;                   // its source: the directives
  std::string blanked;                  // the file's text without those directives
  bool hoisted = false;                 // it stands for directives of the file's headers too
  std::vector<std::string> undefined;   // PchUse::undefined
};

// A PCH in the cache, and whether anything but library headers went into it
// (then the index must walk the declarations it holds).
struct CachedPch {
  std::string path;  // "" : none
  bool holdsUserCode = false;
  // None because the build had errors: the line of the block (1-based) that
  // reached the first of them, or 0 when that is not known.
  size_t failedLine = 0;
};

class PchCache {
 public:
  // A relative `dir` is taken from the current directory (a PCH is built and
  // read in the directory of each file's command).
  explicit PchCache(std::string dir);
  const std::string &dir() const { return dir_; }

  // The file's block, or with `lead` its library lead, and arguments; an
  // empty block when the file must take the plain path (no block, forced
  // includes, unreadable).
  PchPlan plan(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts, bool lead) const;
  // The key of a PCH of each prefix of the plan's block, the shortest first:
  // what they share is hashed once (a project's files are planned with their
  // compile commands).
  std::vector<std::string> keys(const PchPlan &plan, const ParseOptions &opts) const;
  // The PCH of the first `count` directives of the plan's block; `keys` are
  // keys(plan), which the caller has (none past the block's end).
  PchRequest request(const PchPlan &plan, const std::vector<std::string> &keys, size_t count) const;
  // Whether a PCH for `key` is in the cache (not checked for staleness).
  bool has(const std::string &key) const;
  // Whether the cached PCH for `key` holds a block not worth one for a file
  // alone (BlockWorth.h); not checked for staleness, and only the
  // manifest's first lines are read.
  bool isSmall(const std::string &key) const;
  // Whether a cached block began with the directives `key` stands for, and
  // recording that a block's shorter prefixes (their keys) are such prefixes:
  // a later file that shares only a prefix with it builds that prefix, which
  // both then share, rather than a block of its own.
  bool isCachedPrefix(const std::string &key) const;
  void markPrefixes(llvm::ArrayRef<std::string> prefixKeys) const;
  // Whether the cached PCH for `key` read, for each of `directives`
  // (`#include <name>`), a file whose path ends in /name: then a longer
  // block of those lines would hold nothing more.
  bool alreadyHolds(const std::string &key, llvm::ArrayRef<IncludeBlock::Directive> directives) const;
  // A PCH for `key` built from headers that have not changed since, or "".
  CachedPch lookup(const std::string &key);
  // Whether `pch`, which lookup() gave for `key`, is still the cached PCH
  // and its headers are still unchanged (the PCH is not read again).
  bool stillCurrent(const std::string &key, const CachedPch &pch) const;
  // Builds the PCH unless another process is building it; none if it did not.
  // A build that had errors is recorded, with the headers it read, and not
  // tried again until one of them changes (failedLine).
  CachedPch build(const PchRequest &req, const ParseOptions &opts, const SourceFilter &filter);
  // The line of the block that reached the first error of a recorded
  // failed build of `key` whose headers have not changed since, or 0. With
  // `userHeadersOf`, only the user headers among them are looked at: an
  // editor asks on every edit, and a block reads thousands of library
  // headers. A library header changed since means only that a longer block
  // might build now; the shorter one gives the same findings.
  size_t failedLine(const std::string &key, const SourceFilter *userHeadersOf = nullptr) const;
  // Forgets a PCH that did not work.
  void discard(const std::string &key, const std::string &pch);

 private:
  std::string path(const std::string &key, const std::string &suffix) const { return dir_ + "/" + key + suffix; }
  CachedPch checkedLookup(const std::string &key);

  std::string dir_;
  bool writeFailed_ = false;                  // the disk is full: build no more blocks
  std::map<std::string, CachedPch> checked_;  // key -> PCH this process found current
  mutable std::map<std::string, std::vector<std::string>> inputs_;  // key -> the files its manifest lists
  mutable RegularFiles regularFiles_;  // the headers plan() looked for: a run is a snapshot
};

}  // namespace nnlint
