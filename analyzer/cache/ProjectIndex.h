// The project index: each translation unit's model-index facts, kept in the
// cache directory and keyed by everything that decides them, so that a run
// on some files of a project can use the facts of all the others without
// parsing them again.
//
// Cache layout, under <cache dir>/facts/:
//   <K>.json  for a command key K (a hash of the nnlint and Clang versions,
//             the compiler arguments nnlint runs Clang with, the working
//             directory and whether library bodies are skipped): the facts
//             and errors of the file's last parse, and the path and text hash
//             of the file and of every user header the parse read, and for
//             a parse that missed an #include, every path where it was
//             looked for. An entry answers only while every one of those
//             hashes still matches and none of those paths exists: a failed
//             parse is kept too, and an unchanged failing file costs a
//             lookup and a few stats.
#pragma once

#include "base/SourceFilter.h"
#include "cache/ParallelIndex.h"
#include "parse/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <functional>
#include <string>
#include <vector>

namespace nnlint {

class FactsCache {
 public:
  // `keepParsed`: the entries this cache parses are kept in memory for the
  // process and its forks (the language server's lenders, keepLenderFacts).
  explicit FactsCache(std::string cacheDir, bool keepParsed = false);

  // The cached result for the command if the file (its editor buffer, if
  // any) and every user header it read are as they were, and no missing
  // header has appeared. A `lender` (SpeedOptions::lendersOnly) may take an
  // error of a parse with a block (FileResult::blockError). An entry kept
  // parsed (keepParsed) is not parsed again while its text stays the same.
  std::optional<FileResult> lookup(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts,
                                   bool lender = false) const;
  // Keeps a result whose parse ran (its inputs are known), failed or not; not
  // one that missed a header where no path says it would be found. Failures
  // to write are ignored: the cache is only ever a shortcut. A command has
  // two entries: the file's text on disk and an editor buffer that differs
  // from it, so that neither replaces the other (a file opened again after
  // edits that were not saved, or after they were).
  void store(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts, const FileResult &result) const;

 private:
  // `bufferHash`: the hash of the editor's buffer that the entry must name, or "".
  std::optional<FileResult> lookupEntry(const std::string &path, const ParseOptions &opts, bool lender,
                                        const std::string &bufferHash) const;
  std::string entryPath(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts) const;
  std::string dir_;  // "" : no cache
  bool keepParsed_;
};

// Indexes the commands like indexFiles(), answering from the facts cache
// where it can and keeping what was parsed. One result per command, in order.
// `beforeParsing` runs once, when some file is not in the cache, before it is parsed.
// With `notCached`, the files not in the cache are not parsed: their
// positions are listed there, and their results are empty.
std::vector<FileResult> indexWithFacts(const std::vector<clang::tooling::CompileCommand> &commands,
                                       const ParseOptions &parse, const SourceFilter &filter,
                                       const SpeedOptions &speed,
                                       const std::function<void()> &beforeParsing = nullptr,
                                       std::vector<size_t> *notCached = nullptr);

}  // namespace nnlint
