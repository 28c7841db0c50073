#include "report/SarifOutput.h"

#include "base/SourceText.h"
#include "base/Version.h"
#include "project/Suppressions.h"
#include "report/Baseline.h"
#include "report/LineHash.h"
#include "report/RulePages.h"

#include <cctype>
#include <map>
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

// "nn-unregistered-submodule" -> "UnregisteredSubmodule".
std::string ruleName(const std::string &id) {
  std::string out;
  bool upper = true;
  for (char c : id.rfind("nn-", 0) == 0 ? id.substr(3) : id) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

// SARIF columns count UTF-16 code units by default; Clang's count bytes.
unsigned utf16Column(const std::string &line, unsigned byteColumn) {
  unsigned units = 0;
  for (unsigned i = 0; i + 1 < byteColumn && i < line.size(); ++i) {
    unsigned char c = line[i];
    if ((c & 0xC0) == 0x80) continue;  // continuation byte
    units += (c >= 0xF0) ? 2 : 1;      // 4-byte sequences are surrogate pairs
  }
  return units + 1 + (byteColumn > line.size() + 1 ? byteColumn - line.size() - 1 : 0);
}

bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

json region(const SourcePoint &p, SourceText &text) {
  std::string line = text.line(p.file, p.line);
  unsigned endByte = p.column;  // one past the token at the location
  while (endByte - 1 < line.size() && isIdentChar(line[endByte - 1])) ++endByte;
  if (endByte == p.column) ++endByte;
  return {{"startLine", p.line},
          {"startColumn", utf16Column(line, p.column)},
          {"endLine", p.line},
          {"endColumn", utf16Column(line, endByte)}};
}

json artifactLocation(const std::string &file, const std::string &srcRoot) {
  std::string rel = relativeToRoot(file, srcRoot);
  if (rel != file) return {{"uri", encodeUriPath(rel)}, {"uriBaseId", "SRCROOT"}};
  return {{"uri", fileUri(file)}};
}

json location(const SourcePoint &p, const std::string &srcRoot, SourceText &text) {
  return {{"physicalLocation", {{"artifactLocation", artifactLocation(p.file, srcRoot)}, {"region", region(p, text)}}}};
}

json ruleDescriptor(const RuleInfo &i) {
  std::string help = i.description + "\n\nSee " + helpUriFor(i.id);
  json helpJson = {{"text", help}};
  if (const char *page = rulePage(i.id)) helpJson["markdown"] = page;
  return {{"id", i.id},
          {"name", ruleName(i.id)},
          {"shortDescription", {{"text", i.summary}}},
          {"fullDescription", {{"text", i.description}}},
          {"help", helpJson},
          {"helpUri", helpUriFor(i.id)},
          {"defaultConfiguration", {{"level", sarifLevel(i.severity)}}},
          {"properties", {{"tags", {"correctness", "libtorch"}}, {"precision", "high"},
                          {"problem.severity", i.severity == Severity::Error ? "error" : "warning"}}}};
}

// SARIF message text with embedded links: literal brackets are escaped.
std::string escapeBrackets(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The primaryLocationLineHash of each finding, from its file's text.
std::vector<std::string> primaryLineHashes(const std::vector<Finding> &findings, SourceText &text) {
  std::map<std::string, std::map<unsigned, std::string>> byFile;
  std::vector<std::string> out;
  for (const Finding &f : findings) {
    auto it = byFile.find(f.loc.file);
    if (it == byFile.end()) {
      const std::string *contents = text.contents(f.loc.file);
      it = byFile.emplace(f.loc.file, contents ? lineHashes(*contents) : std::map<unsigned, std::string>()).first;
    }
    auto line = it->second.find(f.loc.line);
    out.push_back(line == it->second.end() ? "" : line->second);
  }
  return out;
}

}  // namespace

std::string encodeUriPath(const std::string &path) {
  static const char *hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string fileUri(const std::string &absolutePath) { return "file://" + encodeUriPath(absolutePath); }

std::string helpUriFor(const std::string &check) {
  std::string repo = std::string(kInformationUri) + "/blob/main/docs/";
  if (check == kNolintCheck) return repo + "configuration.md#suppressions";
  return repo + "rules/" + check + ".md";
}

std::string toSarif(const std::vector<Finding> &findings, const std::vector<RuleInfo> &rules,
                    const std::vector<ToolError> &errors, const std::string &srcRoot, SourceText &text,
                    bool withBaseline) {
  json rulesJson = json::array();
  std::map<std::string, size_t> ruleIndex;
  for (const RuleInfo &i : rules) {
    ruleIndex[i.id] = rulesJson.size();
    rulesJson.push_back(ruleDescriptor(i));
  }
  std::vector<std::string> prints = fingerprints(findings, srcRoot);
  std::vector<std::string> lineHashes = primaryLineHashes(findings, text);
  json results = json::array();
  for (size_t k = 0; k < findings.size(); ++k) {
    const Finding &f = findings[k];
    // Notes become related locations, linked from the message ("[text](id)",
    // ids from 1) so that GitHub shows them as links.
    std::string message = escapeBrackets(f.message);
    json related = json::array();
    for (const RelatedNote &n : f.notes) {
      if (!n.loc.valid()) continue;
      json l = location(n.loc, srcRoot, text);
      l["id"] = related.size() + 1;
      l["message"] = {{"text", n.message}};
      message += (related.empty() ? " (" : "; ") + std::string("[") + escapeBrackets(n.message) + "](" +
                 std::to_string(related.size() + 1) + ")";
      related.push_back(l);
    }
    if (!related.empty()) message += ")";
    json r = {{"ruleId", f.check},
              {"level", sarifLevel(f.severity)},
              {"message", {{"text", message}}},
              {"locations", json::array({location(f.loc, srcRoot, text)})},
              {"partialFingerprints", {{"nnlintFingerprint/v1", prints[k]}}}};
    if (!lineHashes[k].empty()) r["partialFingerprints"]["primaryLocationLineHash"] = lineHashes[k];
    if (withBaseline) r["baselineState"] = "new";  // the baselined findings were dropped before
    if (auto it = ruleIndex.find(f.check); it != ruleIndex.end()) r["ruleIndex"] = it->second;
    if (!related.empty()) r["relatedLocations"] = related;
    results.push_back(r);
  }
  json notifications = json::array();
  for (const ToolError &e : errors) {
    json n = {{"level", "error"}, {"message", {{"text", e.file.empty() ? e.message : e.file + ": " + e.message}}}};
    if (e.loc.valid()) {
      n["message"]["text"] = relativeToRoot(e.loc.file, srcRoot) + ":" + std::to_string(e.loc.line) + ":" +
                             std::to_string(e.loc.column) + ": " + e.message + " (" +
                             std::to_string(e.compileErrors) + " compile error" + (e.compileErrors == 1 ? "" : "s") +
                             "; file not analyzed)";
      n["locations"] = json::array({location(e.loc, srcRoot, text)});
    } else if (!e.file.empty() && e.file[0] == '/')
      n["locations"] = json::array({{{"physicalLocation", {{"artifactLocation", artifactLocation(e.file, srcRoot)}}}}});
    notifications.push_back(n);
  }
  json run = {{"tool", {{"driver", {{"name", "nnlint"},
                                    {"version", kVersion},
                                    {"semanticVersion", kVersion},
                                    {"informationUri", kInformationUri},
                                    {"rules", rulesJson}}}}},
              {"results", results},
              {"columnKind", "utf16CodeUnits"},
              // GitHub's analysis category: one category for every nnlint upload.
              {"automationDetails", {{"id", "nnlint/"}}},
              {"invocations", json::array({{{"executionSuccessful", errors.empty()},
                                            {"toolExecutionNotifications", notifications}}})}};
  if (!srcRoot.empty()) run["originalUriBaseIds"] = {{"SRCROOT", {{"uri", fileUri(srcRoot)}}}};
  json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"},
              {"runs", json::array({run})}};
  return log.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";  // uris keep every byte, percent-encoded
}

}  // namespace nnlint
