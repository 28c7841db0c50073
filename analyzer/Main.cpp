// nnlint: command line driver.
#include "Analyzer.h"
#include "CheckFilter.h"
#include "OutputFile.h"
#include "Rule.h"
#include "SarifOutput.h"
#include "TextOutput.h"
#include "Version.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace {

cl::OptionCategory category("nnlint options");

cl::list<std::string> sources(cl::Positional, cl::desc("<source>..."), cl::cat(category));
cl::opt<std::string> buildDir("p", cl::desc("Build directory containing compile_commands.json"),
                              cl::value_desc("build dir"), cl::cat(category));
cl::opt<std::string> checks("checks", cl::desc("Comma-separated globs of checks to run, '-' to disable "
                                               "(clang-tidy syntax). Default: nn-*"),
                            cl::init("nn-*"), cl::cat(category));
cl::opt<bool> listChecks("list-checks", cl::desc("List the enabled checks and exit"), cl::cat(category));
cl::opt<std::string> outputFormat("format", cl::desc("Output format: text or sarif"), cl::init("text"),
                            cl::cat(category));
cl::opt<std::string> output("output", cl::desc("Write the findings to this file (atomically)"),
                            cl::value_desc("file"), cl::cat(category));
cl::list<std::string> torchInclude("torch-include",
                                   cl::desc("LibTorch include directory for files without a compile command "
                                            "(repeatable; overrides the search)"),
                                   cl::value_desc("dir"), cl::cat(category));
cl::opt<bool> noSkipBodies("no-skip-library-bodies",
                           cl::desc("Parse the bodies of library functions too (slower; same findings)"),
                           cl::cat(category));

constexpr int kExitFindings = 1;
constexpr int kExitError = 2;

void printVersion(raw_ostream &os) { os << "nnlint " << nnlint::kVersion << " (LLVM " << LLVM_VERSION_STRING << ")\n"; }

int usageError(const std::string &message) {
  errs() << "nnlint: error: " << message << "\n";
  return kExitError;
}

}  // namespace

int main(int argc, char **argv) {
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
  nnlint::CheckFilter filter;
  if (std::string err = filter.parse(checks, known); !err.empty()) return usageError("--checks: " + err);
  std::vector<const nnlint::Rule *> enabled;
  for (const auto &r : nnlint::allRules())
    if (filter.enabled(r->info().id)) enabled.push_back(r.get());

  if (listChecks) {
    outs() << "Enabled checks:\n";
    for (const nnlint::Rule *r : enabled) outs() << "    " << r->info().id << "\n";
    return 0;
  }
  if (outputFormat != "text" && outputFormat != "sarif")
    return usageError("--format: unknown format '" + outputFormat + "' (text, sarif)");
  if (sources.empty()) return usageError("no source files given (see --help)");

  nnlint::AnalyzerOptions opts;
  opts.fixedArgs = fixedArgs;
  opts.buildDir = buildDir;
  opts.torchIncludes = torchInclude;
  opts.skipLibraryBodies = !noSkipBodies;
  nnlint::AnalysisResult result = nnlint::analyze(std::vector<std::string>(sources.begin(), sources.end()),
                                                  enabled, opts);
  for (const nnlint::ToolError &e : result.errors) errs() << "nnlint: error: " << e.file << ": " << e.message << "\n";

  std::string rendered;
  raw_string_ostream os(rendered);
  if (outputFormat == "sarif") {
    SmallString<256> cwd;
    sys::fs::current_path(cwd);
    os << nnlint::toSarif(result.findings, enabled, result.errors, std::string(cwd) + "/");
  } else {
    nnlint::printText(result.findings, os);
  }
  os.flush();
  if (output.empty()) {
    outs() << rendered;
  } else if (std::string err = nnlint::writeFileAtomically(output, rendered); !err.empty()) {
    errs() << "nnlint: error: " << output << ": cannot write: " << err << "\n";
    return kExitError;
  }

  if (!result.errors.empty()) return kExitError;
  for (const nnlint::Finding &f : result.findings)
    if (f.severity != nnlint::Severity::Note) return kExitFindings;
  return 0;
}
