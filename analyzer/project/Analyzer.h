// One nnlint run: index every file, merge the facts per class, run the checks.
#pragma once

#include "base/Finding.h"
#include "cache/ParallelIndex.h"
#include "base/ToolError.h"
#include "rules/Rule.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nnlint {

struct AnalysisResult {
  std::vector<Finding> findings;  // sorted
  std::vector<ToolError> errors;  // one per file that could not be analysed
  // With AnalyzerOptions::lendersInBackground: the project's files whose facts
  // were missing and not parsed (the classes they add to were not judged).
  std::vector<std::string> lendersMissing;
  // The project's other files that lent their facts (from the cache or parsed).
  std::vector<std::string> lenders;
};

struct AnalyzerOptions {
  std::optional<std::vector<std::string>> fixedArgs;  // after "--"
  std::string buildDir;                               // -p
  std::vector<std::string> torchIncludes;             // --torch-include
  bool skipLibraryBodies = true;
  SpeedOptions speed;  // -j, --cache-dir, --no-cache
  std::map<std::string, std::string> unsaved;  // editor buffers: absolute path -> text
  std::function<std::optional<FileResult>(const WarmRequest &)> warm;  // see ParseOptions
  // Called, when other files of the project must be parsed to judge the
  // classes they add to, with the findings that those files cannot change.
  std::function<void(const AnalysisResult &)> firstPass;
  // The editor's: those other files are not parsed when their facts are not
  // cached, but named in AnalysisResult::lendersMissing for indexLenders() to
  // parse away from the edits -- except the files in `lendInForeground`.
  bool lendersInBackground = false;
  std::set<std::string> lendInForeground;
};

AnalysisResult analyze(const std::vector<std::string> &files, const std::vector<const Rule *> &rules,
                       const AnalyzerOptions &opts);

// Reads the -p compilation database in this process, where a later analyze()
// (in this process or a fork of it) finds it while the file is unchanged.
void loadDatabase(const AnalyzerOptions &opts);

// Parses the files (AnalysisResult::lendersMissing) into the facts cache, for
// a later analyze() to read; one job at a time.
void indexLenders(const std::vector<std::string> &files, const AnalyzerOptions &opts);

// Has the parse host (AnalyzerOptions::warm) warm its session up for an
// editor's buffer (`file`, in AnalyzerOptions::unsaved), its block built if
// it is not cached: an open answered from the facts cache parsed nothing,
// and the first edit would otherwise wait for both.
void prepareWarmParse(const std::string &file, const AnalyzerOptions &opts);

// Reads the cached facts of the lenders of a document (AnalysisResult::
// lenders) into this process's memory: the language server does, once, so
// that the worker of each edit, a fork of it, does not read them again
// (17 entries of 3-60 kB for DeepLab.cpp).
void keepLenderFacts(const std::vector<std::string> &files, const AnalyzerOptions &opts);

// Reads the #include lines of the database's other files into this
// process's memory (readIncludeLines), for the same reason: each edit's
// worker scans them for the files that lend to `file`'s classes.
void keepIncludeLines(const std::string &file, const AnalyzerOptions &opts);

// Every source file of the compilation database in `buildDir` (-p), or none
// with `error` set.
std::vector<std::string> databaseSources(const std::string &buildDir, std::string &error);

// Clang's builtin headers: $NNLINT_RESOURCE_DIR, next to the executable
// (../lib/clang/19), or the directory nnlint was built against.
std::string findResourceDir();
// The clang++ of that Clang installation, which the driver needs to find the
// standard library; "" when there is none.
std::string clangNextTo(const std::string &resourceDir);

}  // namespace nnlint
