#include "base/Finding.h"

#include <algorithm>
#include <tuple>

namespace nnlint {

const char *severityName(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "warning";
}

void sortFindings(std::vector<Finding> &findings) {
  auto key = [](const Finding &f) { return std::tie(f.loc, f.check, f.message); };
  std::stable_sort(findings.begin(), findings.end(),
                   [&](const Finding &a, const Finding &b) { return key(a) < key(b); });
  findings.erase(std::unique(findings.begin(), findings.end(),
                             [&](const Finding &a, const Finding &b) { return key(a) == key(b); }),
                 findings.end());
}

}  // namespace nnlint
