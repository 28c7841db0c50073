// clang-tidy style check selection: "-*,nn-unregistered-*,-nn-foo".
#pragma once

#include <string>
#include <vector>

namespace nnlint {

class CheckFilter {
 public:
  // Parses a comma-separated glob list; later globs win. Returns an error
  // message (e.g. an unknown check name) or "".
  std::string parse(const std::string &globs, const std::vector<std::string> &known);
  bool enabled(const std::string &check) const;

 private:
  struct Glob {
    bool positive;
    std::string pattern;
  };
  std::vector<Glob> globs_;
};

bool globMatch(const std::string &pattern, const std::string &text);

}  // namespace nnlint
