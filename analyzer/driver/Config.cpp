#include "Config.h"

#include "SourceFilter.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"

using nnlint::Config;
using CheckOptionMap = std::map<std::string, std::string>;

namespace llvm::yaml {

template <> struct CustomMappingTraits<CheckOptionMap> {
  static void inputOne(IO &io, StringRef key, CheckOptionMap &m) { io.mapRequired(key.str().c_str(), m[key.str()]); }
  static void output(IO &io, CheckOptionMap &m) {
    for (auto &[k, v] : m) io.mapRequired(k.c_str(), v);
  }
};

template <> struct MappingTraits<Config> {
  static void mapping(IO &io, Config &c) {
    io.mapOptional("Checks", c.checks);
    io.mapOptional("WarningsAsErrors", c.warningsAsErrors);
    io.mapOptional("HeaderFilterRegex", c.headerFilterRegex);
    io.mapOptional("ExcludeHeaderFilterRegex", c.excludeHeaderFilterRegex);
    io.mapOptional("CheckOptions", c.checkOptions);
  }
};

}  // namespace llvm::yaml

namespace nnlint {
namespace {

// clang-tidy allows a Checks list over several YAML lines.
std::string oneLine(std::string globs) {
  for (char &c : globs)
    if (c == '\n') c = ',';
  return globs;
}

std::string compileRegex(const std::optional<std::string> &pattern, std::unique_ptr<llvm::Regex> &out,
                         const char *key) {
  if (!pattern || pattern->empty()) return "";
  out = std::make_unique<llvm::Regex>(*pattern);
  std::string why;
  if (!out->isValid(why)) return std::string(key) + ": invalid regular expression '" + *pattern + "': " + why;
  return "";
}

}  // namespace

std::string parseConfig(const std::string &yaml, Config &out) {
  std::string firstError;
  auto handler = [](const llvm::SMDiagnostic &d, void *ctx) {
    auto *err = static_cast<std::string *>(ctx);
    if (err->empty())
      *err = std::to_string(d.getLineNo()) + ":" + std::to_string(d.getColumnNo() + 1) + ": " + d.getMessage().str();
  };
  llvm::yaml::Input in(yaml, nullptr, handler, &firstError);
  in >> out;
  if (in.error() && firstError.empty()) firstError = "1:1: " + in.error().message();
  return firstError;
}

std::string dumpConfig(const Config &config) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::yaml::Output yout(os);
  Config copy = config;
  yout << copy;
  os.flush();
  return text;
}

ConfigResolver::ConfigResolver(CommandLineConfig cli, std::vector<std::string> knownChecks)
    : cli_(std::move(cli)), known_(std::move(knownChecks)) {}

const ConfigResolver::Effective *ConfigResolver::forConfigFile(const std::string &path, std::string &error) {
  auto it = byConfig_.find(path);
  if (it != byConfig_.end()) return it->second.get();
  auto e = std::make_unique<Effective>();
  e->source = path;
  auto fail = [&](const std::string &why) -> const Effective * {
    error = (path.empty() ? std::string("command line:") : path + ":") + why;
    return nullptr;
  };
  if (!path.empty()) {
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (!buf) return fail(" cannot read: " + buf.getError().message());
    if (std::string why = parseConfig((*buf)->getBuffer().str(), e->config); !why.empty()) return fail(why);
  }
  Config &c = e->config;
  c.checks = oneLine(c.checks.value_or("nn-*")) + (cli_.checks ? "," + *cli_.checks : "");
  c.warningsAsErrors = oneLine(c.warningsAsErrors.value_or("")) + (cli_.warningsAsErrors ? "," + *cli_.warningsAsErrors : "");
  if (std::string why = e->checks.parse(*c.checks, known_); !why.empty()) return fail(" Checks: " + why);
  if (std::string why = e->warningsAsErrors.parse(*c.warningsAsErrors, known_); !why.empty())
    return fail(" WarningsAsErrors: " + why);
  if (std::string why = compileRegex(c.headerFilterRegex, e->headerFilter, "HeaderFilterRegex"); !why.empty())
    return fail(" " + why);
  if (std::string why = compileRegex(c.excludeHeaderFilterRegex, e->excludeHeaderFilter, "ExcludeHeaderFilterRegex");
      !why.empty())
    return fail(" " + why);
  return (byConfig_[path] = std::move(e)).get();
}

const ConfigResolver::Effective *ConfigResolver::forFile(const std::string &file, std::string &error) {
  if (cli_.configFile) return forConfigFile(*cli_.configFile, error);
  // Walk up from the file's directory, remembering the answer for every directory passed.
  std::vector<std::string> passed;
  std::string found;
  for (llvm::StringRef dir = llvm::sys::path::parent_path(file); !dir.empty(); dir = llvm::sys::path::parent_path(dir)) {
    if (auto it = dirToConfig_.find(dir.str()); it != dirToConfig_.end()) {
      found = it->second;
      break;
    }
    passed.push_back(dir.str());
    llvm::SmallString<256> candidate(dir);
    llvm::sys::path::append(candidate, kConfigFileName);
    if (llvm::sys::fs::is_regular_file(candidate)) {
      found = std::string(candidate);
      break;
    }
    if (dir == llvm::sys::path::root_path(dir)) break;
  }
  for (const std::string &d : passed) dirToConfig_[d] = found;
  return forConfigFile(found, error);
}

std::string applyConfig(std::vector<Finding> &findings, const std::set<std::string> &mainFiles,
                        ConfigResolver &configs) {
  SourceFilter library;
  std::vector<Finding> kept;
  for (Finding &f : findings) {
    std::string error;
    const ConfigResolver::Effective *e = configs.forFile(f.loc.file, error);
    if (!e) return error;
    if (library.isLibraryPath(f.loc.file)) continue;
    if (f.check.rfind("nn-", 0) == 0 && !e->checks.enabled(f.check)) continue;
    if (!mainFiles.count(f.loc.file)) {
      if (e->headerFilter && !e->headerFilter->match(f.loc.file)) continue;
      if (e->excludeHeaderFilter && e->excludeHeaderFilter->match(f.loc.file)) continue;
    }
    if (f.severity == Severity::Warning && e->warningsAsErrors.enabled(f.check)) f.severity = Severity::Error;
    kept.push_back(std::move(f));
  }
  findings = std::move(kept);
  return "";
}

}  // namespace nnlint
