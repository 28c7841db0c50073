#include "project/CheckFilter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace nnlint {

bool globMatch(const std::string &pattern, const std::string &text) {
  llvm::Expected<llvm::GlobPattern> glob = llvm::GlobPattern::create(pattern);
  if (!glob) {
    llvm::consumeError(glob.takeError());
    return false;
  }
  return glob->match(text);
}

bool globMatchesAny(const std::string &pattern, const std::vector<std::string> &known) {
  for (const std::string &k : known)
    if (globMatch(pattern, k)) return true;
  return false;
}

std::string CheckFilter::parse(const std::string &globs, const std::vector<std::string> &known) {
  llvm::SmallVector<llvm::StringRef, 8> parts;
  llvm::StringRef(globs).split(parts, ',', -1, false);
  llvm::SmallVector<llvm::StringRef, 8> items;
  for (llvm::StringRef part : parts) part.split(items, '\n', -1, false);
  for (llvm::StringRef item : items) {
    item = item.trim();
    if (item.empty()) continue;
    bool positive = !item.consume_front("-");
    std::string pattern = item.trim().str();
    if (pattern.find('*') == std::string::npos && !globMatchesAny(pattern, known))
      return "unknown check '" + pattern + "' (see --list-checks)";
    auto text = std::make_shared<const std::string>(pattern);
    llvm::Expected<llvm::GlobPattern> glob = llvm::GlobPattern::create(*text);
    if (!glob) return "invalid glob '" + pattern + "': " + llvm::toString(glob.takeError());
    globs_.push_back({positive, text, std::move(*glob)});
  }
  return "";
}

bool CheckFilter::enabled(const std::string &check) const {
  bool on = false;
  for (const Glob &g : globs_)
    if (g.pattern.match(check)) on = g.positive;
  return on;
}

bool CheckFilter::enablesAny(const std::vector<std::string> &known) const {
  for (const std::string &k : known)
    if (enabled(k)) return true;
  return false;
}

}  // namespace nnlint
