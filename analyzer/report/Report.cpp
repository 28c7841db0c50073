#include "report/Report.h"

#include "base/SourceText.h"
#include "project/Suppressions.h"
#include "report/Baseline.h"
#include "report/CodeClimateOutput.h"
#include "report/Fixes.h"
#include "report/GithubOutput.h"
#include "report/JsonOutput.h"
#include "report/OutputFile.h"
#include "report/SarifOutput.h"
#include "report/TextOutput.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace nnlint {

bool useColors(const std::string &mode, llvm::raw_ostream &stream) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  return stream.has_colors();
}

static bool knownFormat(const std::string &format) {
  for (const char *known : {"text", "json", "sarif", "github", "codeclimate"})
    if (format == known) return true;
  return false;
}

std::string prepareReport(const ReportOptions &opts, std::set<std::string> &baseline) {
  if (!knownFormat(opts.format))
    return "--format: unknown format '" + opts.format + "' (text, json, sarif, github, codeclimate)";
  if (opts.color != "auto" && opts.color != "always" && opts.color != "never")
    return "--color: unknown value '" + opts.color + "' (auto, always, never)";
  if (!opts.baseline.empty())
    if (std::string err = readBaseline(opts.baseline, baseline); !err.empty())
      return "--baseline: " + opts.baseline + ": " + err;
  return "";
}

std::string outputsAreNotSources(const ReportOptions &opts, const std::vector<std::string> &sources) {
  for (const auto &[option, path] : {std::pair<const char *, const std::string &>{"--output", opts.output},
                                     {"--export-fixes", opts.exportFixes},
                                     {"--write-baseline", opts.writeBaseline}}) {
    if (path.empty()) continue;
    for (const std::string &source : sources) {
      bool same = false;
      if (!llvm::sys::fs::equivalent(path, source, same) && same)
        return std::string(option) + ": " + path + " is the source file " + source + "; refusing to overwrite it";
    }
  }
  return "";
}

std::string writeStandardOutput(const std::string &text) {
  llvm::raw_fd_ostream &out = llvm::outs();
  out << text;
  out.flush();
  if (!out.has_error()) return "";
  std::string why = out.error().message();
  out.clear_error();  // else LLVM aborts at exit with "IO failure on output stream"
  return why;
}

int finishRun(AnalysisResult &result, const std::set<std::string> &mainFiles, ConfigResolver &configs,
              const std::set<std::string> &baseline, const ReportOptions &opts) {
  auto fail = [](const std::string &message) {
    llvm::errs() << "nnlint: error: " << message << "\n";
    return kExitError;
  };
  for (const ToolError &e : result.errors) printToolError(e, llvm::errs(), useColors(opts.color, llvm::errs()));
  if (std::string err = applyConfig(result.findings, mainFiles, configs); !err.empty()) return fail(err);

  // The baseline records every finding; the output and the fixes only those it does not hide.
  std::string newBaseline = opts.writeBaseline.empty() ? "" : renderBaseline(result.findings, opts.srcRoot);
  if (!opts.baseline.empty()) dropBaselined(result.findings, baseline, opts.srcRoot);

  SourceText text;
  std::string rendered;
  llvm::raw_string_ostream os(rendered);
  if (opts.format == "sarif")
    os << toSarif(result.findings, opts.rules, result.errors, opts.srcRoot, text, !opts.baseline.empty());
  else if (opts.format == "github") os << toGithub(result.findings, result.errors, opts.srcRoot);
  else if (opts.format == "codeclimate") os << toCodeClimate(result.findings, opts.srcRoot);
  else if (opts.format == "json") os << toJson(result.findings, result.errors, opts.srcRoot, text);
  else printText(result.findings, os, opts.output.empty() && useColors(opts.color, llvm::outs()));
  os.flush();
  // The findings first: a side output that cannot be written must not lose them.
  bool failed = false;
  auto write = [&](const std::string &path, const std::string &contents) {
    if (std::string err = writeFileAtomically(path, contents); !err.empty()) {
      fail(path + ": cannot write: " + err);
      failed = true;
    }
  };
  if (opts.output.empty()) {
    if (std::string err = writeStandardOutput(rendered); !err.empty()) {
      fail("standard output: cannot write: " + err);
      failed = true;
    }
  } else {
    write(opts.output, rendered);
  }
  if (!opts.writeBaseline.empty()) write(opts.writeBaseline, newBaseline);
  if (!opts.exportFixes.empty()) write(opts.exportFixes, exportFixes(result.findings, text));
  if (failed) return kExitError;

  if (!opts.quiet)
    if (std::string summary = summaryLine(result.findings, result.errors); !summary.empty())
      llvm::errs() << summary << "\n";

  // Fixes last: the output above shows the findings as they were found.
  if (opts.fix) {
    FixSummary summary;
    if (std::string err = applyFixes(result.findings, text, summary); !err.empty()) return fail(err);
    if (!opts.quiet) {
      llvm::errs() << "nnlint: applied fixes for " << summary.applied << " finding(s) in "
                   << summary.changedFiles.size() << " file(s)";
      if (summary.skipped) llvm::errs() << "; skipped " << summary.skipped << " that overlap another fix";
      llvm::errs() << "\n";
    }
  }

  if (!result.errors.empty()) return kExitError;
  // Recording a baseline is the job asked for; its findings are not failures.
  if (!opts.writeBaseline.empty()) return kExitClean;
  for (const Finding &f : result.findings)
    if (f.severity != Severity::Note) return kExitFindings;
  return kExitClean;
}

}  // namespace nnlint
