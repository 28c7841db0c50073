#include "report/GithubOutput.h"

#include "report/Baseline.h"

namespace nnlint {
namespace {

// Workflow command escaping: the message escapes %, CR and LF; property
// values also ':' and ','.
std::string escapeData(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string escapeProperty(const std::string &text) {
  std::string out;
  for (char c : escapeData(text)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

const char *command(Severity s) {
  switch (s) {
    case Severity::Note: return "notice";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "warning";
}

std::string place(const SourcePoint &p, const std::string &srcRoot) {
  return relativeToRoot(p.file, srcRoot) + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

std::string annotation(const char *kind, const SourcePoint &at, const std::string &title, const std::string &message,
                       const std::string &srcRoot) {
  return std::string("::") + kind + " file=" + escapeProperty(relativeToRoot(at.file, srcRoot)) +
         ",line=" + std::to_string(at.line) + ",col=" + std::to_string(at.column) +
         ",title=" + escapeProperty(title) + "::" + escapeData(message) + "\n";
}

}  // namespace

std::string toGithub(const std::vector<Finding> &findings, const std::vector<ToolError> &errors,
                     const std::string &srcRoot) {
  std::string out;
  for (const Finding &f : findings) {
    std::string message = f.message;
    for (const RelatedNote &n : f.notes)
      if (n.loc.valid()) message += "\n" + place(n.loc, srcRoot) + ": note: " + n.message;
    out += annotation(command(f.severity), f.loc, f.check, message, srcRoot);
  }
  for (const ToolError &e : errors) {
    if (e.loc.valid()) out += annotation("error", e.loc, "clang-diagnostic-error", e.message, srcRoot);
    else out += "::error title=nnlint::" + escapeData((e.file.empty() ? "" : e.file + ": ") + e.message) + "\n";
  }
  return out;
}

}  // namespace nnlint
