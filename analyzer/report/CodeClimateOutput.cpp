#include "report/CodeClimateOutput.h"

#include "report/Baseline.h"

#include <nlohmann/json.hpp>

namespace nnlint {
namespace {

using nlohmann::json;

// GitLab's severities: info, minor, major, critical, blocker.
const char *severity(Severity s) {
  switch (s) {
    case Severity::Note: return "info";
    case Severity::Warning: return "major";
    case Severity::Error: return "critical";
  }
  return "major";
}

}  // namespace

std::string toCodeClimate(const std::vector<Finding> &findings, const std::string &srcRoot) {
  std::vector<std::string> prints = fingerprints(findings, srcRoot);
  json issues = json::array();
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding &f = findings[i];
    json issue = {{"type", "issue"},
                  {"check_name", f.check},
                  {"description", f.message},
                  {"categories", {"Bug Risk"}},
                  {"severity", severity(f.severity)},
                  {"fingerprint", prints[i]},
                  {"location",
                   {{"path", relativeToRoot(f.loc.file, srcRoot)},
                    {"positions",
                     {{"begin", {{"line", f.loc.line}, {"column", f.loc.column}}},
                      {"end", {{"line", f.loc.line}, {"column", f.loc.column}}}}}}}};
    json others = json::array();
    for (const RelatedNote &n : f.notes)
      if (n.loc.valid())
        others.push_back({{"path", relativeToRoot(n.loc.file, srcRoot)}, {"lines", {{"begin", n.loc.line}, {"end", n.loc.line}}}});
    if (!others.empty()) issue["other_locations"] = others;
    issues.push_back(issue);
  }
  return issues.dump(2) + "\n";
}

}  // namespace nnlint
