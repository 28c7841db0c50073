// clang-tidy style check selection: "-*,nn-unregistered-*,-nn-foo".
#pragma once

#include "llvm/Support/GlobPattern.h"

#include <memory>
#include <string>
#include <vector>

namespace nnlint {

class CheckFilter {
 public:
  // Parses a comma-separated glob list (newlines count as commas); later globs
  // win. Returns an error message (e.g. an unknown check name) or "".
  std::string parse(const std::string &globs, const std::vector<std::string> &known);
  bool enabled(const std::string &check) const;
  // Whether any of `known` is enabled.
  bool enablesAny(const std::vector<std::string> &known) const;

 private:
  struct Glob {
    bool positive;
    std::shared_ptr<const std::string> text;  // GlobPattern keeps a StringRef into it
    llvm::GlobPattern pattern;
  };
  std::vector<Glob> globs_;
};

// Whether a check name matches a glob (llvm::GlobPattern; clang-tidy's globs
// use only '*'). An invalid pattern matches nothing.
bool globMatch(const std::string &pattern, const std::string &text);
// Whether the glob matches at least one of `known`.
bool globMatchesAny(const std::string &pattern, const std::vector<std::string> &known);

}  // namespace nnlint
