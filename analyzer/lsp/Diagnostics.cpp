#include "lsp/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"

namespace nnlint::lsp {
namespace {


// LSP characters are UTF-16 code units from 0; Clang's columns are bytes from 1.
unsigned utf16Character(const std::string &line, unsigned byteColumn) {
  unsigned units = 0;
  for (unsigned i = 0; i + 1 < byteColumn; ++i) {
    if (i >= line.size()) {
      ++units;
      continue;
    }
    unsigned char c = line[i];
    if ((c & 0xC0) == 0x80) continue;  // continuation byte
    units += c >= 0xF0 ? 2 : 1;        // 4-byte sequences are surrogate pairs
  }
  return units;
}

Json position(const SourcePoint &p, SourceText &text) {
  return Json{{"line", p.line - 1}, {"character", utf16Character(text.line(p.file, p.line), p.column)}};
}

// From the location to the end of the identifier that starts there (at least one character).
Json tokenRange(const SourcePoint &p, SourceText &text) {
  std::string line = text.line(p.file, p.line);
  SourcePoint end = p;
  while (end.column - 1 < line.size() && (llvm::isAlnum(line[end.column - 1]) || line[end.column - 1] == '_'))
    ++end.column;
  if (end.column == p.column) ++end.column;
  return Json{{"start", position(p, text)}, {"end", position(end, text)}};
}

Json editRange(const FixIt &fix, SourceText &text) {
  return Json{{"start", position(fix.begin, text)}, {"end", position(fix.end, text)}};
}

int severityCode(Severity s) {
  switch (s) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Note: return 3;
  }
  return 2;
}

Json toDiagnostic(const Finding &f, SourceText &text) {
  Json related = Json::array();
  for (const RelatedNote &n : f.notes) {
    if (!n.loc.valid()) continue;
    related.push_back(Json{{"location", Json{{"uri", uriFromPath(n.loc.file)}, {"range", tokenRange(n.loc, text)}}},
                           {"message", n.message}});
  }
  Json fixes = Json::array();
  for (const FixIt &fix : f.fixes)
    fixes.push_back(Json{{"uri", uriFromPath(fix.begin.file)}, {"range", editRange(fix, text)},
                         {"newText", fix.replacement}});
  Json d{{"range", tokenRange(f.loc, text)},
         {"severity", severityCode(f.severity)},
         {"code", f.check},
         {"codeDescription", Json{{"href", helpUriFor(f.check)}}},
         {"source", "nnlint"},
         {"message", f.message}};
  if (!related.empty()) d["relatedInformation"] = std::move(related);
  if (!fixes.empty()) d["data"] = Json{{"fixes", std::move(fixes)}};
  return d;
}

// At the error's place when it is in the document (a compile error), else on its first line.
Json errorDiagnostic(const ToolError &e, const std::string &document, SourceText &text) {
  SourcePoint at = e.loc.valid() && e.loc.file == document ? e.loc : SourcePoint{document, 1, 1};
  std::string message = e.message;
  if (e.loc.valid() && e.loc.file != document)
    message = e.loc.file + ":" + std::to_string(e.loc.line) + ":" + std::to_string(e.loc.column) + ": " + message;
  if (e.compileErrors > 1) message += " (and " + std::to_string(e.compileErrors - 1) + " more errors)";
  return Json{{"range", tokenRange(at, text)}, {"severity", 1}, {"source", "nnlint"}, {"message", message}};
}

// Whether position `a` comes before `b` (a missing field reads as 0).
bool before(const Json &a, const Json &b) {
  auto line = [](const Json &p) { return integerField(p, "line").value_or(0); };
  auto character = [](const Json &p) { return integerField(p, "character").value_or(0); };
  return line(a) < line(b) || (line(a) == line(b) && character(a) < character(b));
}

}  // namespace

std::string pathFromUri(llvm::StringRef uri) {
  // RFC 8089: file:/path, file:///path, or file://host/path, where the host
  // "localhost" (or none) is this machine; another host's file is not ours.
  if (!uri.consume_front_insensitive("file:")) return "";
  if (uri.consume_front("//")) {
    size_t slash = uri.find('/');
    llvm::StringRef host = uri.take_front(slash);
    if (slash == llvm::StringRef::npos || (!host.empty() && !host.equals_insensitive("localhost"))) return "";
    uri = uri.drop_front(slash);
  }
  uri = uri.take_until([](char c) { return c == '?' || c == '#'; });  // a query or fragment is not the path
  if (!uri.starts_with("/")) return "";
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    unsigned byte = 0;
    if (uri[i] == '%' && i + 2 < uri.size() && !uri.substr(i + 1, 2).getAsInteger(16, byte)) {
      path += static_cast<char>(byte);
      i += 2;
    } else {
      path += uri[i];
    }
  }
  return path;
}

std::string uriFromPath(const std::string &path) { return fileUri(path); }

std::map<std::string, Json> toDiagnostics(const std::vector<Finding> &findings, const std::vector<ToolError> &errors,
                                          const std::string &document, SourceText &text) {
  std::map<std::string, Json> out;
  out[document] = Json::array();  // published even when empty: it clears what was shown before
  for (const ToolError &e : errors) out[document].push_back(errorDiagnostic(e, document, text));
  for (const Finding &f : findings)
    if (f.loc.valid()) out[f.loc.file].push_back(toDiagnostic(f, text));
  return out;
}

Json codeActions(const Json &diagnostics, const Json &range) {
  Json actions = Json::array();
  const Json *wantStart = objectField(range, "start"), *wantEnd = objectField(range, "end");
  if (!wantStart || !wantEnd || !diagnostics.is_array()) return actions;
  for (const Json &d : diagnostics) {
    const Json *r = objectField(d, "range");
    const Json *data = objectField(d, "data");
    const Json *fixes = data ? arrayField(*data, "fixes") : nullptr;
    if (!r || !fixes || fixes->empty()) continue;
    const Json *start = objectField(*r, "start"), *end = objectField(*r, "end");
    if (!start || !end || before(*end, *wantStart) || before(*wantEnd, *start)) continue;
    Json changes = Json::object();
    for (const Json &fix : *fixes) {
      std::optional<std::string> fixUri = stringField(fix, "uri");
      const Json *fixRange = field(fix, "range"), *newText = field(fix, "newText");
      if (!fixUri || !fixRange || !newText) continue;
      if (!arrayField(changes, fixUri->c_str())) changes[*fixUri] = Json::array();
      changes[*fixUri].push_back(Json{{"range", *fixRange}, {"newText", *newText}});
    }
    std::string check = stringField(d, "code").value_or("nnlint");
    actions.push_back(Json{{"title", "Apply nnlint's fix for " + check},
                           {"kind", "quickfix"},
                           {"diagnostics", Json::array({d})},
                           {"isPreferred", true},
                           {"edit", Json{{"changes", std::move(changes)}}}});
  }
  return actions;
}

}  // namespace nnlint::lsp
