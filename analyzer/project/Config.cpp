#include "project/Config.h"

#include "base/InputLog.h"
#include "base/SourceFilter.h"
#include "project/YamlDepth.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

using nnlint::Config;
using CheckOptionMap = std::map<std::string, std::string>;

namespace nnlint {
namespace {

// A value that clang-tidy accepts as a string or as a list of strings
// (Checks, WarningsAsErrors).
struct StringOrList {
  std::optional<std::string> text;
  std::optional<std::vector<std::string>> items;
};

// CheckOptions as a map ("check.Option: value") or, in the older form, a list
// of {key: ..., value: ...}.
struct KeyValue {
  std::string key, value;
};
struct CheckOptionsForms {
  std::optional<CheckOptionMap> map;
  std::optional<std::vector<KeyValue>> list;
};

// What a configuration file may say, in the forms clang-tidy accepts.
struct ConfigFileText {
  std::optional<StringOrList> checks, warningsAsErrors;
  std::optional<std::string> headerFilterRegex, excludeHeaderFilterRegex;
  std::optional<CheckOptionsForms> checkOptions;
  std::optional<bool> inheritParentConfig;
};

}  // namespace
}  // namespace nnlint

LLVM_YAML_IS_SEQUENCE_VECTOR(nnlint::KeyValue)

namespace llvm::yaml {

using nnlint::CheckOptionsForms;
using nnlint::ConfigFileText;
using nnlint::KeyValue;
using nnlint::StringOrList;

template <> struct CustomMappingTraits<CheckOptionMap> {
  static void inputOne(IO &io, StringRef key, CheckOptionMap &m) { io.mapRequired(key.str().c_str(), m[key.str()]); }
  static void output(IO &io, CheckOptionMap &m) {
    for (auto &[k, v] : m) io.mapRequired(k.c_str(), v);
  }
};

template <> struct MappingTraits<KeyValue> {
  static void mapping(IO &io, KeyValue &kv) {
    io.mapRequired("key", kv.key);
    io.mapRequired("value", kv.value);
  }
};

// Read only (files are never written back): the form decides which member is filled.
template <> void yamlize(IO &io, StringOrList &v, bool, EmptyContext &ctx) {
  const Node *node = static_cast<Input &>(io).getCurrentNode();
  if (isa<ScalarNode, BlockScalarNode>(node)) yamlize(io, v.text.emplace(), true, ctx);
  else if (isa<SequenceNode>(node)) yamlize(io, v.items.emplace(), true, ctx);
  else io.setError("expected a string or a list of strings");
}

template <> void yamlize(IO &io, CheckOptionsForms &v, bool, EmptyContext &ctx) {
  const Node *node = static_cast<Input &>(io).getCurrentNode();
  if (isa<MappingNode>(node)) yamlize(io, v.map.emplace(), true, ctx);
  else if (isa<SequenceNode>(node)) yamlize(io, v.list.emplace(), true, ctx);
  else io.setError("expected a map or a list of {key, value}");
}

// The keys that a configuration file and --dump-config share.
template <class Settings> void mapSettings(IO &io, Settings &c) {
  io.mapOptional("Checks", c.checks);
  io.mapOptional("WarningsAsErrors", c.warningsAsErrors);
  io.mapOptional("HeaderFilterRegex", c.headerFilterRegex);
  io.mapOptional("ExcludeHeaderFilterRegex", c.excludeHeaderFilterRegex);
  io.mapOptional("CheckOptions", c.checkOptions);
}

template <> struct MappingTraits<ConfigFileText> {
  static void mapping(IO &io, ConfigFileText &c) {
    mapSettings(io, c);
    io.mapOptional("InheritParentConfig", c.inheritParentConfig);
  }
};

// Output only (--dump-config): the settings in force, in clang-tidy's forms.
template <> struct MappingTraits<Config> {
  static void mapping(IO &io, Config &c) { mapSettings(io, c); }
};

}  // namespace llvm::yaml


namespace nnlint {
namespace {

std::string compileRegex(const std::optional<std::string> &pattern, std::unique_ptr<llvm::Regex> &out,
                         const char *key) {
  if (!pattern || pattern->empty()) return "";
  out = std::make_unique<llvm::Regex>(*pattern);
  std::string why;
  if (!out->isValid(why)) return std::string(key) + ": invalid regular expression '" + *pattern + "': " + why;
  return "";
}

// Both forms as one comma-separated glob list; clang-tidy also allows the
// string form over several lines.
std::optional<std::string> joined(const std::optional<StringOrList> &v) {
  if (!v) return std::nullopt;
  std::string out;
  if (v->items) {
    for (const std::string &item : *v->items) out += (out.empty() ? "" : ",") + item;
  } else if (v->text) {
    out = *v->text;
  }
  for (char &c : out)
    if (c == '\n') c = ',';
  return out;
}

// The globs of a clang-tidy list that concern nnlint: those that name nn-*
// checks or match one ('*', '-*', 'nn-reset-*'); other tools' checks dropped.
std::string nnPart(const std::string &globs, const std::vector<std::string> &known, bool &namesNn) {
  llvm::SmallVector<llvm::StringRef, 8> parts;
  llvm::StringRef(globs).split(parts, ',', -1, false);
  std::string out;
  for (llvm::StringRef part : parts) {
    llvm::StringRef pattern = part.trim();
    pattern.consume_front("-");
    pattern = pattern.trim();
    bool nn = pattern.starts_with("nn-");
    if (!nn && !globMatchesAny(pattern.str(), known)) continue;
    namesNn |= nn;
    out += (out.empty() ? "" : ",") + part.trim().str();
  }
  return out;
}

void append(std::optional<std::string> &list, const std::optional<std::string> &more) {
  if (!more) return;
  list = list ? *list + "," + *more : *more;
}

}  // namespace

std::string parseConfig(const std::string &yaml, Config &out, ConfigDialect dialect) {
  std::string firstError;
  auto handler = [](const llvm::SMDiagnostic &d, void *ctx) {
    auto *err = static_cast<std::string *>(ctx);
    // Unknown keys of a .clang-tidy arrive as warnings.
    if (err->empty() && d.getKind() == llvm::SourceMgr::DK_Error)
      *err = std::to_string(d.getLineNo()) + ":" + std::to_string(d.getColumnNo() + 1) + ": " + d.getMessage().str();
  };
  if (yamlDepthBound(yaml) > kMaxYamlDepth)
    return "1:1: nested more than " + std::to_string(kMaxYamlDepth) + " levels deep; not a configuration file";
  ConfigFileText text;
  llvm::yaml::Input in(yaml, nullptr, handler, &firstError);
  // A .clang-tidy holds clang-tidy's other settings too (FormatStyle, SystemHeaders, ...).
  in.setAllowUnknownKeys(dialect == ConfigDialect::ClangTidy);
  in >> text;
  if (in.error() && firstError.empty()) firstError = "1:1: " + in.error().message();
  if (!firstError.empty()) return firstError;
  out.checks = joined(text.checks);
  out.warningsAsErrors = joined(text.warningsAsErrors);
  out.headerFilterRegex = text.headerFilterRegex;
  out.excludeHeaderFilterRegex = text.excludeHeaderFilterRegex;
  out.inheritParentConfig = text.inheritParentConfig.value_or(false);
  if (text.checkOptions && text.checkOptions->map) out.checkOptions = *text.checkOptions->map;
  if (text.checkOptions && text.checkOptions->list)
    for (const KeyValue &kv : *text.checkOptions->list) out.checkOptions[kv.key] = kv.value;
  return "";
}

bool takeNnPart(Config &config, const std::vector<std::string> &known) {
  bool namesNn = false;
  if (config.checks) config.checks = nnPart(*config.checks, known, namesNn);
  bool ignored = false;
  if (config.warningsAsErrors) config.warningsAsErrors = nnPart(*config.warningsAsErrors, known, ignored);
  for (auto it = config.checkOptions.begin(); it != config.checkOptions.end();)
    it = llvm::StringRef(it->first).starts_with("nn-") ? std::next(it) : config.checkOptions.erase(it);
  return namesNn;
}

void inheritFrom(Config &child, const Config &parent) {
  Config merged = parent;
  append(merged.checks, child.checks);
  append(merged.warningsAsErrors, child.warningsAsErrors);
  if (child.headerFilterRegex) merged.headerFilterRegex = child.headerFilterRegex;
  if (child.excludeHeaderFilterRegex) merged.excludeHeaderFilterRegex = child.excludeHeaderFilterRegex;
  for (const auto &[k, v] : child.checkOptions) merged.checkOptions[k] = v;
  merged.inheritParentConfig = false;
  child = std::move(merged);
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

const Config *ConfigResolver::load(const std::string &path, std::string &error) {
  if (auto it = loaded_.find(path); it != loaded_.end()) return &it->second;
  auto fail = [&](const std::string &why) -> const Config * {
    error = path + ":" + why;
    return nullptr;
  };
  noteInput(path);
  if (llvm::sys::fs::exists(path) && !llvm::sys::fs::is_regular_file(path)) return fail(" not a regular file");
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return fail(" cannot read: " + buf.getError().message());
  bool clangTidy = llvm::sys::path::filename(path) == kClangTidyFileName;
  Config c;
  if (std::string why = parseConfig((*buf)->getBuffer().str(), c,
                                    clangTidy ? ConfigDialect::ClangTidy : ConfigDialect::Nnlint);
      !why.empty())
    return fail(why);
  if (clangTidy) takeNnPart(c, known_);
  if (c.inheritParentConfig) {
    // The configuration further up, as clang-tidy's InheritParentConfig does.
    llvm::StringRef dir = llvm::sys::path::parent_path(path);
    std::string parentPath = findAbove(std::string(llvm::sys::path::parent_path(dir)), error);
    if (!error.empty()) return nullptr;
    if (!parentPath.empty()) {
      const Config *parent = load(parentPath, error);
      if (!parent) return nullptr;
      inheritFrom(c, *parent);
    }
  }
  return &(loaded_[path] = std::move(c));
}

bool ConfigResolver::concernsNnlint(const std::string &clangTidyFile, std::string &error) {
  if (!llvm::sys::fs::is_regular_file(clangTidyFile)) return false;
  auto buf = llvm::MemoryBuffer::getFile(clangTidyFile);
  if (!buf) return false;
  Config c;
  if (std::string why = parseConfig((*buf)->getBuffer().str(), c, ConfigDialect::ClangTidy); !why.empty()) {
    error = clangTidyFile + ":" + why;
    return false;
  }
  return takeNnPart(c, known_);
}

std::string ConfigResolver::findAbove(const std::string &start, std::string &error) {
  // Walk up, remembering the answer for every directory passed.
  std::vector<std::string> passed;
  std::string found;
  for (llvm::StringRef dir = start; !dir.empty(); dir = llvm::sys::path::parent_path(dir)) {
    if (auto it = dirToConfig_.find(dir.str()); it != dirToConfig_.end()) {
      found = it->second;
      break;
    }
    passed.push_back(dir.str());
    llvm::SmallString<256> own(dir), tidy(dir);
    llvm::sys::path::append(own, kConfigFileName);
    llvm::sys::path::append(tidy, kClangTidyFileName);
    noteInput(std::string(own));
    noteInput(std::string(tidy));
    // Not only a regular file: a directory or FIFO of that name is an error load() reports.
    if (llvm::sys::fs::exists(own)) {
      found = std::string(own);
      break;
    }
    // A .clang-tidy counts only where it says something about nn-* checks.
    if (llvm::sys::fs::is_regular_file(tidy) && concernsNnlint(std::string(tidy), error)) {
      found = std::string(tidy);
      break;
    }
    if (!error.empty()) return "";
    if (dir == llvm::sys::path::root_path(dir)) break;
  }
  for (const std::string &d : passed) dirToConfig_[d] = found;
  return found;
}

const ConfigResolver::Effective *ConfigResolver::forConfigFile(const std::string &path, std::string &error) {
  auto it = byConfig_.find(path);
  if (it != byConfig_.end()) return it->second.get();
  auto e = std::make_unique<Effective>();
  e->source = path;
  if (!path.empty()) {
    const Config *c = load(path, error);
    if (!c) return nullptr;
    e->config = *c;
  }
  auto fail = [&](const std::string &why) -> const Effective * {
    error = (path.empty() ? std::string("command line:") : path + ":") + why;
    return nullptr;
  };
  Config &c = e->config;
  c.checks = c.checks.value_or("nn-*") + (cli_.checks ? "," + *cli_.checks : "");
  c.warningsAsErrors = c.warningsAsErrors.value_or("") + (cli_.warningsAsErrors ? "," + *cli_.warningsAsErrors : "");
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
  std::string found = findAbove(std::string(llvm::sys::path::parent_path(file)), error);
  if (!error.empty()) return nullptr;
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
