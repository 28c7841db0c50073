#include "CheckFilter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace nnlint {

bool globMatch(const std::string &pattern, const std::string &text) {
  size_t p = 0, t = 0, star = std::string::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::string CheckFilter::parse(const std::string &globs, const std::vector<std::string> &known) {
  llvm::SmallVector<llvm::StringRef, 8> parts;
  llvm::StringRef(globs).split(parts, ',', -1, false);
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (part.empty()) continue;
    bool positive = !part.consume_front("-");
    std::string pattern = part.trim().str();
    if (pattern.find('*') == std::string::npos) {
      bool found = false;
      for (const std::string &k : known) found |= k == pattern;
      if (!found) return "unknown check '" + pattern + "' (see --list-checks)";
    }
    globs_.push_back({positive, pattern});
  }
  return "";
}

bool CheckFilter::enabled(const std::string &check) const {
  bool on = false;
  for (const Glob &g : globs_)
    if (globMatch(g.pattern, check)) on = g.positive;
  return on;
}

}  // namespace nnlint
