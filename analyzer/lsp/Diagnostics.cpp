#include "lsp/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"

namespace nnlint::lsp {
namespace {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

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

Object position(const SourcePoint &p, SourceText &text) {
  return Object{{"line", p.line - 1}, {"character", utf16Character(text.line(p.file, p.line), p.column)}};
}

// From the location to the end of the identifier that starts there (at least one character).
Object tokenRange(const SourcePoint &p, SourceText &text) {
  std::string line = text.line(p.file, p.line);
  SourcePoint end = p;
  while (end.column - 1 < line.size() && (llvm::isAlnum(line[end.column - 1]) || line[end.column - 1] == '_'))
    ++end.column;
  if (end.column == p.column) ++end.column;
  return Object{{"start", position(p, text)}, {"end", position(end, text)}};
}

Object editRange(const FixIt &fix, SourceText &text) {
  return Object{{"start", position(fix.begin, text)}, {"end", position(fix.end, text)}};
}

int severityCode(Severity s) {
  switch (s) {
    case Severity::Error: return 1;
    case Severity::Warning: return 2;
    case Severity::Note: return 3;
  }
  return 2;
}

Object toDiagnostic(const Finding &f, SourceText &text) {
  Array related;
  for (const RelatedNote &n : f.notes) {
    if (!n.loc.valid()) continue;
    related.push_back(Object{{"location", Object{{"uri", uriFromPath(n.loc.file)}, {"range", tokenRange(n.loc, text)}}},
                             {"message", n.message}});
  }
  Array fixes;
  for (const FixIt &fix : f.fixes)
    fixes.push_back(Object{{"uri", uriFromPath(fix.begin.file)}, {"range", editRange(fix, text)},
                           {"newText", fix.replacement}});
  Object d{{"range", tokenRange(f.loc, text)},
           {"severity", severityCode(f.severity)},
           {"code", f.check},
           {"codeDescription", Object{{"href", helpUriFor(f.check)}}},
           {"source", "nnlint"},
           {"message", f.message}};
  if (!related.empty()) d["relatedInformation"] = std::move(related);
  if (!fixes.empty()) d["data"] = Object{{"fixes", std::move(fixes)}};
  return d;
}

// At the error's place when it is in the document (a compile error), else on its first line.
Object errorDiagnostic(const ToolError &e, const std::string &document, SourceText &text) {
  SourcePoint at = e.loc.valid() && e.loc.file == document ? e.loc : SourcePoint{document, 1, 1};
  std::string message = e.message;
  if (e.loc.valid() && e.loc.file != document)
    message = e.loc.file + ":" + std::to_string(e.loc.line) + ":" + std::to_string(e.loc.column) + ": " + message;
  if (e.compileErrors > 1) message += " (and " + std::to_string(e.compileErrors - 1) + " more errors)";
  return Object{{"range", tokenRange(at, text)}, {"severity", 1}, {"source", "nnlint"}, {"message", message}};
}

bool before(const llvm::json::Object *a, const llvm::json::Object *b) {
  auto line = [](const Object *p) { return p->getInteger("line").value_or(0); };
  auto character = [](const Object *p) { return p->getInteger("character").value_or(0); };
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

std::map<std::string, Array> toDiagnostics(const std::vector<Finding> &findings, const std::vector<ToolError> &errors,
                                           const std::string &document, SourceText &text) {
  std::map<std::string, Array> out;
  out[document];  // published even when empty: it clears what was shown before
  for (const ToolError &e : errors) out[document].push_back(errorDiagnostic(e, document, text));
  for (const Finding &f : findings)
    if (f.loc.valid()) out[f.loc.file].push_back(toDiagnostic(f, text));
  return out;
}

Array codeActions(const Array &diagnostics, const Object &range) {
  Array actions;
  const Object *wantStart = range.getObject("start"), *wantEnd = range.getObject("end");
  if (!wantStart || !wantEnd) return actions;
  for (const llvm::json::Value &value : diagnostics) {
    const Object *d = value.getAsObject();
    const Object *r = d ? d->getObject("range") : nullptr;
    const Object *data = d ? d->getObject("data") : nullptr;
    const Array *fixes = data ? data->getArray("fixes") : nullptr;
    if (!r || !fixes || fixes->empty()) continue;
    const Object *start = r->getObject("start"), *end = r->getObject("end");
    if (!start || !end || before(end, wantStart) || before(wantEnd, start)) continue;
    Object changes;
    for (const llvm::json::Value &fix : *fixes) {
      const Object *f = fix.getAsObject();
      auto fixUri = f ? f->getString("uri") : std::nullopt;
      const Value *fixRange = f ? f->get("range") : nullptr, *text = f ? f->get("newText") : nullptr;
      if (!fixUri || !fixRange || !text) continue;
      if (!changes.getArray(*fixUri)) changes[*fixUri] = Array();
      changes.getArray(*fixUri)->push_back(Object{{"range", *fixRange}, {"newText", *text}});
    }
    std::string check = d->getString("code").value_or("nnlint").str();
    actions.push_back(Object{{"title", "Apply nnlint's fix for " + check},
                             {"kind", "quickfix"},
                             {"diagnostics", Array{Value(Object(*d))}},
                             {"isPreferred", true},
                             {"edit", Object{{"changes", std::move(changes)}}}});
  }
  return actions;
}

}  // namespace nnlint::lsp
