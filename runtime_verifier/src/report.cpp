#include "nnlint/report.h"

#include "rules.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <sstream>

#ifndef NNLINT_VERIFY_VERSION
#define NNLINT_VERIFY_VERSION "0.0.0"
#endif

namespace nnlint::verify {

using Json = nlohmann::ordered_json;

void Report::add_info(std::string key, std::string value) {
  info.emplace_back(std::move(key), std::move(value));
}

bool Report::ok() const {
  return std::all_of(findings.begin(), findings.end(), [](const Finding& f) { return f.level == "note"; });
}

const std::string* Report::info_value(const std::string& key) const {
  for (const auto& [k, v] : info)
    if (k == key) return &v;
  return nullptr;
}

std::string Report::to_text() const {
  std::ostringstream out;
  const auto notes = std::count_if(findings.begin(), findings.end(), [](const Finding& f) { return f.level == "note"; });
  out << "nnlint verify: "
      << (ok() ? "ok" : std::to_string(findings.size() - static_cast<size_t>(notes)) + " finding(s)")
      << (notes ? ", " + std::to_string(notes) + " note(s)" : "") << "\n";
  for (const Finding& f : findings)
    out << "  [" << f.rule << "] " << (f.level == "note" ? "note: " : "") << f.message << "\n";
  for (const auto& [k, v] : info) out << "  " << k << ": " << v << "\n";
  return out.str();
}

static Json finding_json(const Finding& f) {
  return {{"rule", f.rule},     {"message", f.message}, {"parameter", f.parameter},
          {"op", f.op},         {"device", f.device},   {"replica", f.replica},
          {"level", f.level}};
}

std::string Report::to_json() const {
  Json j = {{"ok", ok()}, {"findings", Json::array()}, {"info", Json::object()}};
  for (const Finding& f : findings) j["findings"].push_back(finding_json(f));
  for (const auto& [k, v] : info) j["info"][k] = v;
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string Report::to_sarif() const {
  Json rule_list = Json::array();
  std::map<std::string, size_t> rule_index;
  for (const rules::RuleText& r : rules::all()) {
    rule_index[r.id] = rule_list.size();
    rule_list.push_back({{"id", r.id},
                         {"shortDescription", {{"text", r.summary}}},
                         {"help", {{"text", std::string("See docs/rules/") + r.id + ".md"}}},
                         {"defaultConfiguration", {{"level", r.sarif_level}}}});
  }
  Json results = Json::array();
  for (const Finding& f : findings) {
    Json r = {{"ruleId", f.rule}, {"level", f.level == "note" ? "note" : "error"}, {"message", {{"text", f.message}}}};
    if (auto it = rule_index.find(f.rule); it != rule_index.end()) {
      r["ruleIndex"] = it->second;
      if (f.level != "note") r["level"] = rule_list[it->second]["defaultConfiguration"]["level"];
    }
    // No source file is known at run time; the parameter is the place a reader looks for.
    if (!f.parameter.empty())
      r["locations"] = Json::array(
          {{{"logicalLocations", Json::array({{{"fullyQualifiedName", f.parameter}, {"kind", "member"}}})}}});
    r["properties"] = {{"parameter", f.parameter}, {"op", f.op}, {"device", f.device}, {"replica", f.replica}};
    results.push_back(r);
  }
  Json properties = Json::object();
  for (const auto& [k, v] : info) properties[k] = v;
  Json run = {{"tool", {{"driver", {{"name", "nnlint-verify"}, {"version", NNLINT_VERIFY_VERSION},
                                    {"rules", rule_list}}}}},
              {"invocations", Json::array({{{"executionSuccessful", true}, {"properties", properties}}})},
              {"results", results}};
  Json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", Json::array({run})}};
  return log.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace nnlint::verify
