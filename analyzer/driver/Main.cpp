// nnlint: command line driver.
#include "base/InputLog.h"
#include "base/SourceFilter.h"
#include "base/Version.h"
#include "cache/CacheBound.h"
#include "lsp/Server.h"
#include "project/Analyzer.h"
#include "project/CheckFilter.h"
#include "project/Config.h"
#include "project/Suppressions.h"
#include "report/OutputFile.h"
#include "report/Report.h"
#include "report/SarifOutput.h"
#include "report/TextOutput.h"
#include "rules/Rule.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>

using namespace llvm;

namespace llvm {
void initWithColorOptions();  // libLLVM's, declared in a header Debian does not ship
}

namespace {

cl::OptionCategory category("nnlint options");

cl::list<std::string> sources(cl::Positional, cl::desc("<source>..."), cl::cat(category));
cl::opt<std::string> buildDir("p", cl::desc("Build directory containing compile_commands.json"),
                              cl::value_desc("build dir"), cl::cat(category));
cl::opt<std::string> checks("checks", cl::desc("Comma-separated globs of checks to run, '-' to disable "
                                               "(clang-tidy syntax). Default: nn-*"),
                            cl::init("nn-*"), cl::cat(category));
cl::opt<bool> listChecks("list-checks", cl::desc("List the enabled checks and exit"), cl::cat(category));
cl::opt<std::string> outputFormat("format", cl::desc("Output format: text, json, sarif, github (workflow annotations) or codeclimate (GitLab Code Quality)"), cl::init("text"),
                            cl::cat(category));
cl::opt<std::string> output("output", cl::desc("Write the findings to this file (atomically)"),
                            cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> configFile("config-file",
                                cl::desc("Use this configuration file instead of the .nnlint.yaml found upward "
                                         "from each file"),
                                cl::value_desc("file"), cl::cat(category));
cl::opt<bool> dumpConfig("dump-config", cl::desc("Print the configuration in force (for the first source file, "
                                                 "else the current directory) and exit"),
                         cl::cat(category));
cl::opt<std::string> warningsAsErrors("warnings-as-errors",
                                      cl::desc("Comma-separated globs of checks whose warnings become errors"),
                                      cl::value_desc("globs"), cl::cat(category));
cl::opt<bool> fix("fix", cl::desc("Apply the fix-its of the findings to the files in place"), cl::cat(category));
cl::opt<std::string> exportFixes("export-fixes",
                                 cl::desc("Write the fix-its as YAML for clang-apply-replacements"),
                                 cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> baseline("baseline", cl::desc("Hide the findings recorded in this baseline file"),
                              cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> writeBaseline("write-baseline", cl::desc("Record the findings in this baseline file"),
                                   cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> srcRoot("srcroot",
                             cl::desc("Repository root: SARIF uris and fingerprints are relative to it "
                                      "(default: the current directory)"),
                             cl::value_desc("dir"), cl::cat(category));
cl::list<std::string> torchInclude("torch-include",
                                   cl::desc("LibTorch include directory for files without a compile command "
                                            "(repeatable; overrides the search)"),
                                   cl::value_desc("dir"), cl::cat(category));
cl::opt<bool> noSkipBodies("no-skip-library-bodies",
                           cl::desc("Parse the bodies of library functions too (slower; same findings)"),
                           cl::cat(category));
cl::opt<unsigned> jobs("j", cl::desc("Worker processes (default: one per core)"), cl::value_desc("N"), cl::init(0),
                       cl::Prefix, cl::cat(category));
cl::opt<std::string> cacheDir("cache-dir",
                              cl::desc("Where precompiled include blocks are kept (default: $XDG_CACHE_HOME/nnlint "
                                       "or ~/.cache/nnlint)"),
                              cl::value_desc("dir"), cl::cat(category));
cl::opt<std::string> cacheSize("cache-size",
                               cl::desc("Largest size of the cache; the least recently used entries go first "
                                        "(default: 2G)"),
                               cl::value_desc("N[K|M|G]"), cl::init("2G"), cl::cat(category));
cl::opt<bool> noCache("no-cache", cl::desc("Do not use or write precompiled include blocks (same findings)"),
                      cl::cat(category));

cl::opt<bool> quiet("quiet", cl::desc("Print the findings only: no progress line, no summary line"),
                    cl::cat(category));

// --color=auto|always|never. LLVM registers a boolean "color" option of its own
// when the command line is parsed; ours replaces it, so it is created only after
// LLVM's has been taken off the command line.
cl::opt<std::string> &colorOption() {
  static cl::opt<std::string> option("color",
                                     cl::desc("Colours in the text output: auto (when printing to a terminal), "
                                              "always or never"),
                                     cl::init("auto"), cl::value_desc("when"), cl::cat(category));
  return option;
}
cl::opt<bool> lsp("lsp", cl::desc("Run as a Language Server Protocol server on stdin/stdout (see docs/editors.md)"),
                  cl::cat(category));

using nnlint::kExitError;

void printVersion(raw_ostream &os) { os << "nnlint " << nnlint::kVersion << " (LLVM " << LLVM_VERSION_STRING << ")\n"; }

int usageError(const std::string &message) {
  errs() << "nnlint: error: " << message << "\n";
  return kExitError;
}

// --help, --version and anything else printed without a check of its own: standard output
// that could not be written is exit code 2 and one line, not LLVM's "IO failure" abort.
void checkStandardOutputAtExit() {
  if (std::string err = nnlint::writeStandardOutput(""); !err.empty()) {
    errs() << "nnlint: error: standard output: cannot write: " << err << "\n";
    std::_Exit(kExitError);
  }
}

// For the front (driver/Front.cpp): the paths this run looked at, one per
// line, or no file when they are not all known.
void listInputs(const char *file) {
  const std::set<std::string> *paths = nnlint::notedInputs();
  if (!paths) return;
  std::string text;
  for (const std::string &p : *paths) {
    if (p.find('\n') != std::string::npos) return;
    text += p + "\n";
  }
  (void)nnlint::writeFileAtomically(file, text);
}

}  // namespace

int main(int argc, char **argv) {
  outs();  // constructed first, so that the check below runs before its destructor
  std::atexit(checkStandardOutputAtExit);
  // Arguments after "--" are the compiler command for every source file.
  std::optional<std::vector<std::string>> fixedArgs;
  std::vector<const char *> ownArgs;
  for (int i = 0; i < argc; ++i) {
    if (std::string(argv[i]) == "--" && !fixedArgs) {
      fixedArgs.emplace(argv + i + 1, argv + argc);
      break;
    }
    ownArgs.push_back(argv[i]);
  }

  llvm::initWithColorOptions();
  if (cl::Option *llvmColor = cl::getRegisteredOptions().lookup("color")) llvmColor->removeArgument();
  colorOption();
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter(printVersion);
  std::string parseErrors;
  raw_string_ostream parseErrorStream(parseErrors);
  if (!cl::ParseCommandLineOptions(static_cast<int>(ownArgs.size()), ownArgs.data(),
                                   "nnlint: finds LibTorch model defects that break training on several GPUs\n\n"
                                   "  nnlint [options] <source>... [-- <compiler args>]\n",
                                   &parseErrorStream)) {
    std::string first = parseErrors.substr(0, parseErrors.find('\n'));
    return usageError(first.empty() ? "invalid arguments (see --help)" : first);
  }

  std::vector<std::string> known;
  for (const auto &r : nnlint::allRules()) known.push_back(r->info().id);
  known.push_back(nnlint::kUnknownNolintCheck);
  nnlint::CheckFilter filter;
  if (std::string err = filter.parse(checks, known); !err.empty()) return usageError("--checks: " + err);
  // --checks is appended to the default list; one that leaves nothing on is a mistake.
  nnlint::CheckFilter withDefault;
  if (checks.getNumOccurrences() && withDefault.parse("nn-*," + checks, known).empty() &&
      !withDefault.enablesAny(known))
    return usageError("--checks: '" + checks + "' enables no check (see --list-checks)");
  // Every check runs; each finding is then kept or dropped by the configuration of its file.
  std::vector<const nnlint::Rule *> enabled;
  for (const auto &r : nnlint::allRules()) enabled.push_back(r.get());
  nnlint::CommandLineConfig cli;
  if (configFile.getNumOccurrences()) cli.configFile = nnlint::normalisePath(configFile);
  if (checks.getNumOccurrences()) cli.checks = checks;
  if (warningsAsErrors.getNumOccurrences()) cli.warningsAsErrors = warningsAsErrors;
  nnlint::ConfigResolver configs(cli, known);

  if (listChecks || dumpConfig) {
    SmallString<256> here;
    sys::fs::current_path(here);
    std::string probe = sources.empty() ? std::string(here) + "/-" : nnlint::normalisePath(sources.front());
    std::string err;
    const nnlint::ConfigResolver::Effective *config = configs.forFile(probe, err);
    if (!config) return usageError(err);
    std::string text;
    if (dumpConfig) {
      text = nnlint::dumpConfig(config->config);
    } else {
      text = "Enabled checks:\n";
      for (const std::string &id : known)
        if (config->checks.enabled(id)) text += "    " + id + "\n";
    }
    if (std::string err = nnlint::writeStandardOutput(text); !err.empty())
      return usageError("standard output: cannot write: " + err);
    return 0;
  }
  bool sizeOk = false;
  uint64_t cacheLimit = nnlint::parseCacheSize(cacheSize, sizeOk);
  if (!sizeOk) return usageError("--cache-size: '" + cacheSize + "' is not a size (like 500M or 2G)");
  if (lsp) {
    nnlint::lsp::ServerOptions server;
    server.analyzer.fixedArgs = fixedArgs;
    server.analyzer.buildDir = buildDir;
    server.analyzer.torchIncludes = torchInclude;
    server.analyzer.skipLibraryBodies = !noSkipBodies;
    server.analyzer.speed.jobs = jobs;
    server.analyzer.speed.useCache = !noCache;
    server.analyzer.speed.cacheDir = cacheDir;
    server.analyzer.speed.cacheLimit = cacheLimit;
    server.config = cli;
    server.rules = enabled;
    server.knownChecks = known;
    return nnlint::lsp::runServer(server);
  }
  nnlint::ReportOptions report;
  report.format = outputFormat;
  report.output = output;
  report.baseline = baseline;
  report.writeBaseline = writeBaseline;
  report.exportFixes = exportFixes;
  report.fix = fix;
  report.color = colorOption();
  report.quiet = quiet;
  for (const auto &r : nnlint::allRules()) report.rules.push_back(r->info());
  report.rules.push_back(nnlint::nolintRuleInfo());
  report.rules.push_back(nnlint::unknownNolintRuleInfo());
  if (srcRoot.empty()) {
    SmallString<256> cwd;
    sys::fs::current_path(cwd);
    report.srcRoot = std::string(cwd);
  } else {
    report.srcRoot = nnlint::normalisePath(srcRoot);
  }
  if (report.srcRoot.empty() || report.srcRoot.back() != '/') report.srcRoot += "/";
  std::set<std::string> accepted;
  if (std::string err = nnlint::prepareReport(report, accepted); !err.empty()) return usageError(err);
  // No files with -p: every file of the compilation database, as run-clang-tidy does.
  std::vector<std::string> files(sources.begin(), sources.end());
  if (files.empty() && !buildDir.empty() && !fixedArgs) {
    std::string err;
    files = nnlint::databaseSources(buildDir, err);
    if (!err.empty()) return usageError(err);
  }
  if (files.empty()) return usageError("no source files given (see --help)");
  if (std::string err = nnlint::outputsAreNotSources(report, files); !err.empty()) return usageError(err);
  std::set<std::string> mainFiles;
  for (const std::string &s : files) mainFiles.insert(nnlint::normalisePath(s));
  // A broken configuration stops the run before the (slow) parsing.
  for (const std::string &file : mainFiles) {
    std::string err;
    if (!configs.forFile(file, err)) return usageError(err);
  }

  nnlint::AnalyzerOptions opts;
  opts.fixedArgs = fixedArgs;
  opts.buildDir = buildDir;
  opts.torchIncludes = torchInclude;
  opts.skipLibraryBodies = !noSkipBodies;
  opts.speed.jobs = jobs;
  opts.speed.useCache = !noCache;
  opts.speed.cacheDir = cacheDir;
  opts.speed.cacheLimit = cacheLimit;
  opts.speed.showProgress = !quiet && sys::Process::StandardErrIsDisplayed();
  nnlint::AnalysisResult result = nnlint::analyze(files, enabled, opts);
  int code = nnlint::finishRun(result, mainFiles, configs, accepted, report);
  if (const char *list = std::getenv("NNLINT_REPLAY_INPUTS")) listInputs(list);
  return code;
}
