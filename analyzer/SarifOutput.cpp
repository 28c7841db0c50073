#include "SarifOutput.h"

#include "Version.h"

#include <nlohmann/json.hpp>

namespace nnlint {
namespace {

using nlohmann::json;

const char *sarifLevel(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "warning";
}

json location(const SourcePoint &p, const std::string &srcRoot) {
  json artifact;
  if (!srcRoot.empty() && p.file.rfind(srcRoot, 0) == 0) {
    artifact["uri"] = p.file.substr(srcRoot.size());
    artifact["uriBaseId"] = "SRCROOT";
  } else {
    artifact["uri"] = "file://" + p.file;
  }
  return {{"physicalLocation",
           {{"artifactLocation", artifact},
            {"region", {{"startLine", p.line}, {"startColumn", p.column}}}}}};
}

}  // namespace

std::string toSarif(const std::vector<Finding> &findings, const std::vector<const Rule *> &rules,
                    const std::vector<ToolError> &errors, const std::string &srcRoot) {
  json rulesJson = json::array();
  std::map<std::string, size_t> ruleIndex;
  for (const Rule *r : rules) {
    RuleInfo i = r->info();
    ruleIndex[i.id] = rulesJson.size();
    rulesJson.push_back({{"id", i.id},
                         {"shortDescription", {{"text", i.summary}}},
                         {"fullDescription", {{"text", i.description}}},
                         {"defaultConfiguration", {{"level", sarifLevel(i.severity)}}}});
  }
  json results = json::array();
  for (const Finding &f : findings) {
    json r = {{"ruleId", f.check}, {"level", sarifLevel(f.severity)}, {"message", {{"text", f.message}}},
              {"locations", json::array({location(f.loc, srcRoot)})}};
    if (ruleIndex.count(f.check)) r["ruleIndex"] = ruleIndex[f.check];
    json related = json::array();
    for (size_t i = 0; i < f.notes.size(); ++i) {
      json l = location(f.notes[i].loc, srcRoot);
      l["id"] = i;
      l["message"] = {{"text", f.notes[i].message}};
      related.push_back(l);
    }
    if (!related.empty()) r["relatedLocations"] = related;
    results.push_back(r);
  }
  json notifications = json::array();
  for (const ToolError &e : errors)
    notifications.push_back({{"level", "error"}, {"message", {{"text", e.file + ": " + e.message}}}});
  json run = {{"tool", {{"driver", {{"name", "nnlint"}, {"version", kVersion},
                                    {"informationUri", kInformationUri}, {"rules", rulesJson}}}}},
              {"results", results},
              {"invocations", json::array({{{"executionSuccessful", errors.empty()},
                                            {"toolExecutionNotifications", notifications}}})}};
  if (!srcRoot.empty()) run["originalUriBaseIds"] = {{"SRCROOT", {{"uri", "file://" + srcRoot}}}};
  json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"},
              {"runs", json::array({run})}};
  return log.dump(2) + "\n";
}

}  // namespace nnlint
