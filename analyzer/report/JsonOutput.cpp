#include "report/JsonOutput.h"

#include "base/SourceText.h"
#include "base/Version.h"
#include "report/Baseline.h"

#include <nlohmann/json.hpp>

namespace nnlint {
namespace {

using nlohmann::json;

json point(const SourcePoint &p) { return {{"file", p.file}, {"line", p.line}, {"column", p.column}}; }

}  // namespace

std::string toJson(const std::vector<Finding> &findings, const std::vector<ToolError> &errors,
                   const std::string &srcRoot, SourceText &text) {
  std::vector<std::string> prints = fingerprints(findings, srcRoot);
  json list = json::array();
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding &f = findings[i];
    json item = point(f.loc);
    item["check"] = f.check;
    item["severity"] = severityName(f.severity);
    item["message"] = f.message;
    item["fingerprint"] = prints[i];
    json notes = json::array();
    for (const RelatedNote &n : f.notes) {
      if (!n.loc.valid()) continue;
      json note = point(n.loc);
      note["message"] = n.message;
      notes.push_back(note);
    }
    item["notes"] = notes;
    json fixes = json::array();
    for (const FixIt &fix : f.fixes) {
      json edit = {{"file", fix.begin.file},
                   {"line", fix.begin.line},
                   {"column", fix.begin.column},
                   {"endLine", fix.end.line},
                   {"endColumn", fix.end.column},
                   {"replacement", fix.replacement}};
      if (auto b = text.offset(fix.begin.file, fix.begin.line, fix.begin.column)) {
        edit["offset"] = *b;
        if (auto e = text.offset(fix.end.file, fix.end.line, fix.end.column); e && *e >= *b) edit["length"] = *e - *b;
      }
      fixes.push_back(edit);
    }
    item["fixes"] = fixes;
    list.push_back(item);
  }
  json errs = json::array();
  for (const ToolError &e : errors) {
    json item = {{"file", e.file}, {"message", e.message}};
    if (e.loc.valid()) {
      item["location"] = point(e.loc);
      item["compileErrors"] = e.compileErrors;
    }
    errs.push_back(item);
  }
  json doc = {{"version", kJsonFormatVersion},
              {"tool", {{"name", "nnlint"}, {"version", kVersion}}},
              {"findings", list},
              {"errors", errs}};
  // JSON text is UTF-8: bytes of a path that are not become U+FFFD here
  // (fingerprints hash the exact bytes).
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace nnlint
