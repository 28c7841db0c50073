// .nnlint.yaml: per-directory configuration in clang-tidy's style and forms,
// or, where there is none, the nn-* part of a .clang-tidy.
//
//   Checks: '-*,nn-unregistered-*'        (or a YAML list of globs)
//   WarningsAsErrors: 'nn-*'
//   HeaderFilterRegex: 'src/.*'
//   ExcludeHeaderFilterRegex: 'third_party/.*'
//   CheckOptions:                         (or a list of {key, value})
//     nn-some-check.SomeOption: value
//   InheritParentConfig: true             (append to the configuration above)
//
// Each finding uses the .nnlint.yaml nearest above the file it is reported in
// (or the one given with --config-file). Command-line --checks and
// --warnings-as-errors are appended to the file's lists, so they win.
#pragma once

#include "base/Finding.h"
#include "project/CheckFilter.h"

#include "llvm/Support/Regex.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace nnlint {

inline constexpr const char *kConfigFileName = ".nnlint.yaml";
inline constexpr const char *kClangTidyFileName = ".clang-tidy";

struct Config {
  std::optional<std::string> checks;
  std::optional<std::string> warningsAsErrors;
  std::optional<std::string> headerFilterRegex;
  std::optional<std::string> excludeHeaderFilterRegex;
  std::map<std::string, std::string> checkOptions;
  bool inheritParentConfig = false;  // as read; false once merged with the parent
};

// .nnlint.yaml rejects unknown keys; a .clang-tidy has other tools' settings too.
enum class ConfigDialect { Nnlint, ClangTidy };

// Parses YAML text; returns "" or "LINE:COL: problem".
std::string parseConfig(const std::string &yaml, Config &out, ConfigDialect dialect = ConfigDialect::Nnlint);
// Keeps the part of a clang-tidy configuration that concerns nnlint (globs that
// name or match nn-* checks, nn-* check options); returns whether any glob names nn-*.
bool takeNnPart(Config &config, const std::vector<std::string> &known);
// `child` becomes `parent` with child's lists appended and its settings on top.
void inheritFrom(Config &child, const Config &parent);
std::string dumpConfig(const Config &config);

struct CommandLineConfig {
  std::optional<std::string> configFile;  // --config-file
  std::optional<std::string> checks;      // --checks, when given
  std::optional<std::string> warningsAsErrors;
};

// The configuration in force for each file, found upward and cached per directory.
class ConfigResolver {
 public:
  ConfigResolver(CommandLineConfig cli, std::vector<std::string> knownChecks);

  struct Effective {
    Config config;      // the file's settings with the command line applied
    std::string source; // the .nnlint.yaml it came from, "" for the defaults
    CheckFilter checks;
    CheckFilter warningsAsErrors;
    std::unique_ptr<llvm::Regex> headerFilter, excludeHeaderFilter;
  };
  // The configuration for a file (absolute path), or null with `error` set to
  // "PATH: problem".
  const Effective *forFile(const std::string &file, std::string &error);

 private:
  const Effective *forConfigFile(const std::string &path, std::string &error);
  // A configuration file, parsed and merged with its parents (InheritParentConfig).
  const Config *load(const std::string &path, std::string &error);
  // The configuration file for a directory: the nearest .nnlint.yaml, or
  // .clang-tidy that names nn-* checks, at or above it; "" for none.
  std::string findAbove(const std::string &dir, std::string &error);
  bool concernsNnlint(const std::string &clangTidyFile, std::string &error);

  CommandLineConfig cli_;
  std::vector<std::string> known_;
  std::map<std::string, std::string> dirToConfig_;  // directory -> configuration file ("" none)
  std::map<std::string, Config> loaded_;
  std::map<std::string, std::unique_ptr<Effective>> byConfig_;
};

// Applies the configuration to the findings: drops disabled checks, findings
// in library files and in headers that the header filters exclude; promotes
// WarningsAsErrors. `mainFiles` are the sources given on the command line.
// Returns "" or the first configuration error.
std::string applyConfig(std::vector<Finding> &findings, const std::set<std::string> &mainFiles,
                        ConfigResolver &configs);

}  // namespace nnlint
