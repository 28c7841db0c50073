#include "replay/Invocation.h"

#include "base/CacheDir.h"
#include "replay/ReplayRecord.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <string_view>
#include <vector>

namespace nnlint::replay {
namespace {

// Options that write files, serve, or print something other than findings.
const std::set<std::string_view> kNotReplayed = {
    "lsp",  "fix",       "output",    "export-fixes", "write-baseline", "no-cache",      "help",
    "help-hidden", "help-list", "help-list-hidden", "version", "list-checks", "dump-config", "print-options",
    "print-all-options"};

// Variables a shell sets anew for each command, and nnlint's own log and switches.
const std::set<std::string_view> kNotKeyed = {"_", "OLDPWD", "SHLVL", "NNLINT_CACHE_LOG", "NNLINT_NO_REPLAY",
                                              "NNLINT_REPLAY_INPUTS"};

// A terminal gets what a pipe or file does not (analyzer/driver/Main.cpp):
// a progress line and colours.
bool notTerminal(int fd) {
  struct stat st;
  return ::fstat(fd, &st) == 0 && !::isatty(fd);
}

bool samePlace(int a, int b) {
  struct stat sa, sb;
  return ::fstat(a, &sa) == 0 && ::fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

std::string variable(char **envp, std::string_view name) {
  for (char **e = envp; *e; ++e) {
    std::string_view entry(*e);
    if (entry.size() > name.size() && entry.substr(0, name.size()) == name && entry[name.size()] == '=')
      return std::string(entry.substr(name.size() + 1));
  }
  return "";
}

std::string hexHash(const std::string &text) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a: the key itself is compared whole
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

}  // namespace

std::optional<Invocation> replayable(int argc, char **argv, char **envp, const std::string &analyzer, int stdoutFd,
                                     int stderrFd) {
  if (!notTerminal(stdoutFd) || !notTerminal(stderrFd)) return std::nullopt;
  std::string cacheDir;
  bool cacheDirGiven = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg == "-" || arg.substr(0, 1) == "@") return std::nullopt;
    if (arg.substr(0, 1) != "-") continue;
    arg.remove_prefix(arg.substr(0, 2) == "--" ? 2 : 1);
    std::string_view name = arg.substr(0, arg.find('='));
    if (kNotReplayed.count(name)) return std::nullopt;
    if (name == "cache-dir") {
      cacheDirGiven = true;
      if (name.size() < arg.size())
        cacheDir = arg.substr(name.size() + 1);
      else if (i + 1 < argc)
        cacheDir = argv[++i];
    }
  }
  if (!cacheDirGiven) cacheDir = defaultCacheDirFor(variable(envp, "XDG_CACHE_HOME"), variable(envp, "HOME"));
  if (cacheDir.empty()) return std::nullopt;
  char cwd[4096];
  if (!::getcwd(cwd, sizeof cwd)) return std::nullopt;

  PathState exe = stateOf(analyzer);
  if (exe.kind != 'f') return std::nullopt;  // a record must name the analyzer that made it
  Invocation inv;
  inv.oneStream = samePlace(stdoutFd, stderrFd);
  inv.key = "analyzer " + stateFields(exe) + '\n' + (inv.oneStream ? "one stream\n" : "two streams\n") + cwd + '\n';
  for (int i = 1; i < argc; ++i) inv.key += std::string(argv[i]) + '\0';
  inv.key += '\n';
  std::vector<std::string> env;
  for (char **e = envp; *e; ++e) {
    std::string_view entry(*e);
    if (!kNotKeyed.count(entry.substr(0, entry.find('=')))) env.emplace_back(entry);
  }
  std::sort(env.begin(), env.end());
  for (const std::string &e : env) inv.key += e + '\0';
  inv.recordPath = cacheDir + "/replay/" + hexHash(inv.key);
  return inv;
}

}  // namespace nnlint::replay
