// The end of a run: configuration, baseline, fixes, output, exit code.
#pragma once

#include "base/ExitCode.h"
#include "project/Analyzer.h"
#include "project/Config.h"

#include "llvm/Support/raw_ostream.h"

#include <set>
#include <string>

namespace nnlint {

struct ReportOptions {
  std::string format = "text";  // text, json, sarif, github, codeclimate
  std::string output;           // --output, "" for stdout
  std::string srcRoot;          // absolute, ends in '/'
  std::string baseline;         // --baseline
  std::string writeBaseline;    // --write-baseline
  std::string exportFixes;      // --export-fixes
  bool fix = false;             // --fix
  std::string color = "auto";   // --color: auto, always, never
  bool quiet = false;           // --quiet: findings only, no summary line
  std::vector<RuleInfo> rules;  // described in SARIF: every check, enabled or not
};

// Whether to print colours on `stream` for --color=auto|always|never.
bool useColors(const std::string &mode, llvm::raw_ostream &stream);

// Validates the options that name input files before the (slow) analysis;
// returns "" or the error line. Reads the baseline into `baseline`.
std::string prepareReport(const ReportOptions &opts, std::set<std::string> &baseline);

// "" unless an output file (--output, --export-fixes, --write-baseline) is one of the
// sources: the error line, since writing it would replace the code with the report.
std::string outputsAreNotSources(const ReportOptions &opts, const std::vector<std::string> &sources);

// Writes `text` to standard output; "" or why it could not (a full disk, a closed pipe).
std::string writeStandardOutput(const std::string &text);

// Prints errors to stderr and the findings in the chosen format; returns the exit code.
int finishRun(AnalysisResult &result, const std::set<std::string> &mainFiles, ConfigResolver &configs,
              const std::set<std::string> &baseline, const ReportOptions &opts);

}  // namespace nnlint
