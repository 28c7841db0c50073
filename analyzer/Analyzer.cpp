#include "Analyzer.h"

#include "CompileCommands.h"
#include "Frontend.h"
#include "Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace nnlint {
namespace {

bool hasResourceHeaders(const std::string &dir) {
  return !dir.empty() && llvm::sys::fs::exists(dir + "/include/stddef.h");
}

// A one-line reason why `file` cannot be analysed, or "".
std::string checkSourceFile(const std::string &file) {
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(file, st)) return "no such file";
  if (llvm::sys::fs::is_directory(st)) return "is a directory, not a source file";
  static const std::vector<std::string> exts = {".cpp", ".cc", ".cxx", ".c++", ".cp", ".C",
                                                ".h",   ".hh", ".hpp", ".hxx", ".h++", ".cu", ".inl", ".ipp"};
  std::string ext = llvm::sys::path::extension(file).str();
  for (const std::string &e : exts)
    if (ext == e) return "";
  return "not a C++ source file (extension '" + ext + "')";
}

}  // namespace

std::string findResourceDir() {
  if (auto env = llvm::sys::Process::GetEnv("NNLINT_RESOURCE_DIR"); env && hasResourceHeaders(*env)) return *env;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&findResourceDir));
  if (!exe.empty()) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "lib", "clang", std::to_string(LLVM_VERSION_MAJOR));
    if (hasResourceHeaders(std::string(dir))) return std::string(dir);
  }
  return hasResourceHeaders(kDefaultResourceDir) ? kDefaultResourceDir : "";
}

AnalysisResult analyze(const std::vector<std::string> &files, const std::vector<const Rule *> &rules,
                       const AnalyzerOptions &opts) {
  AnalysisResult result;
  ParseOptions parse;
  parse.resourceDir = findResourceDir();
  parse.skipLibraryBodies = opts.skipLibraryBodies;
  llvm::SmallString<256> clang(parse.resourceDir);
  llvm::sys::path::append(clang, "../../..", "bin", "clang++");
  llvm::sys::path::remove_dots(clang, true);
  if (llvm::sys::fs::exists(clang)) parse.clangPath = std::string(clang);
  if (parse.resourceDir.empty()) {
    result.errors.push_back({"nnlint", "cannot find Clang's builtin headers (stddef.h); set NNLINT_RESOURCE_DIR "
                                       "to e.g. /usr/lib/llvm-19/lib/clang/19"});
    return result;
  }
  CompileCommands commands(opts.fixedArgs, opts.buildDir, CompileCommands::findTorchIncludes(opts.torchIncludes));
  if (std::string err = commands.load(); !err.empty()) {
    result.errors.push_back({opts.buildDir, err});
    return result;
  }
  SourceFilter filter;
  ModelIndex index;
  for (const std::string &given : files) {
    if (std::string why = checkSourceFile(given); !why.empty()) {
      result.errors.push_back({given, why});
      continue;
    }
    std::string file = normalisePath(given);
    clang::tooling::CompileCommand cmd;
    std::string error;
    if (!commands.commandFor(file, cmd, error)) {
      result.errors.push_back({given, error});
      continue;
    }
    FileResult fr = indexFile(cmd, parse, filter);
    if (!fr.ok) {
      result.errors.push_back({given, fr.error});
      continue;
    }
    index.merge(fr.index);
  }
  index.resolveHelpers();
  for (const Rule *rule : rules) rule->check(index, result.findings);
  sortFindings(result.findings);
  return result;
}

}  // namespace nnlint
