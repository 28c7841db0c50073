#include "project/Suppressions.h"

#include "project/CheckFilter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <set>

namespace nnlint {
namespace {

enum class DirectiveKind { ThisLine, NextLine, Begin, End };

struct Directive {
  DirectiveKind kind;
  unsigned line;
  unsigned column;
  std::optional<std::vector<std::string>> checks;  // nullopt: every check
  std::string checksText;                          // to pair BEGIN with END
};

bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

void parseLine(const std::string &text, unsigned lineNo, std::vector<Directive> &out) {
  llvm::StringRef line(text);
  for (size_t at = line.find("NOLINT"); at != llvm::StringRef::npos; at = line.find("NOLINT", at + 1)) {
    if (at > 0 && isIdentChar(line[at - 1])) continue;
    llvm::StringRef rest = line.substr(at + 6);
    DirectiveKind kind = DirectiveKind::ThisLine;
    if (rest.consume_front("NEXTLINE")) kind = DirectiveKind::NextLine;
    else if (rest.consume_front("BEGIN")) kind = DirectiveKind::Begin;
    else if (rest.consume_front("END")) kind = DirectiveKind::End;
    if (!rest.empty() && isIdentChar(rest[0])) continue;  // NOLINTFOO is not a directive
    Directive d{kind, lineNo, static_cast<unsigned>(at + 1), std::nullopt, ""};
    if (rest.starts_with("(")) {
      size_t close = rest.find(')');
      if (close != llvm::StringRef::npos) {
        llvm::StringRef list = rest.slice(1, close);
        d.checks.emplace();
        llvm::SmallVector<llvm::StringRef, 4> parts;
        list.split(parts, ',', -1, false);
        for (llvm::StringRef p : parts)
          if (!p.trim().empty()) {
            d.checks->push_back(p.trim().str());
            d.checksText += p.trim().str() + ",";
          }
      }
    }
    out.push_back(std::move(d));
  }
}

bool covers(const Directive &d, const std::string &check) {
  if (!d.checks) return true;
  for (const std::string &glob : *d.checks)
    if (globMatch(glob, check)) return true;
  return false;
}

// The suppressions of one file: which lines each directive covers.
struct FileSuppressions {
  std::map<unsigned, std::vector<Directive>> byLine;  // directives in force on a line
  struct Range {
    unsigned first, last;
    Directive begin;
  };
  std::vector<Range> ranges;
  std::vector<Finding> unmatched;  // and unknown check names

  bool suppressed(unsigned line, const std::string &check) const {
    if (auto it = byLine.find(line); it != byLine.end())
      for (const Directive &d : it->second)
        if (covers(d, check)) return true;
    for (const Range &r : ranges)
      if (line >= r.first && line <= r.last && covers(r.begin, check)) return true;
    return false;
  }
};

Finding unmatchedFinding(const std::string &file, const Directive &d, const char *message) {
  Finding f;
  f.check = kNolintCheck;
  f.severity = Severity::Error;
  f.message = message;
  f.loc = SourcePoint{file, d.line, d.column};
  return f;
}

// A NOLINT naming an nn- check that does not exist suppresses nothing; say so
// (as Ruff's RUF100 does). Other tools' check names are theirs to judge.
void reportUnknownNames(const std::string &file, const Directive &d, const std::vector<std::string> &known,
                        std::vector<Finding> &out) {
  if (!d.checks) return;
  for (const std::string &name : *d.checks) {
    if (llvm::StringRef(name).starts_with("nn-") && !globMatchesAny(name, known)) {
      Finding f;
      f.check = kUnknownNolintCheck;
      f.severity = Severity::Note;
      f.message = "'" + name + "' in this NOLINT comment matches no nnlint check, so it suppresses nothing";
      f.loc = SourcePoint{file, d.line, d.column};
      out.push_back(std::move(f));
    }
  }
}

FileSuppressions scan(const std::string &file, SourceText &text, const std::vector<std::string> &known) {
  FileSuppressions s;
  // Open NOLINTBEGINs by check list ("*" for none): an END closes the latest
  // open one with its list, so pairing costs one map look-up per comment
  // (scanning every open BEGIN made 60,000 unmatched pairs take minutes).
  std::map<std::string, std::vector<Directive>> open;
  auto listOf = [](const Directive &d) { return d.checks ? "(" + d.checksText : std::string("*"); };
  unsigned lines = text.lineCount(file);
  for (unsigned n = 1; n <= lines; ++n) {
    std::string line = text.line(file, n);
    if (line.find("NOLINT") == std::string::npos) continue;
    std::vector<Directive> found;
    parseLine(line, n, found);
    for (Directive &d : found) {
      if (d.kind != DirectiveKind::End) reportUnknownNames(file, d, known, s.unmatched);
      switch (d.kind) {
        case DirectiveKind::ThisLine: s.byLine[n].push_back(d); break;
        case DirectiveKind::NextLine: s.byLine[n + 1].push_back(d); break;
        case DirectiveKind::Begin: open[listOf(d)].push_back(d); break;
        case DirectiveKind::End: {
          std::vector<Directive> &same = open[listOf(d)];
          if (same.empty()) {
            s.unmatched.push_back(unmatchedFinding(
                file, d, "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment"));
          } else {
            s.ranges.push_back({same.back().line, n, same.back()});
            same.pop_back();
          }
          break;
        }
      }
    }
  }
  for (const auto &[list, begins] : open)
    for (const Directive &d : begins)
      s.unmatched.push_back(
          unmatchedFinding(file, d, "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment"));
  return s;
}

}  // namespace

RuleInfo nolintRuleInfo() {
  return {kNolintCheck, "A NOLINTBEGIN or NOLINTEND comment has no partner",
          "A NOLINTBEGIN comment must be closed by a NOLINTEND comment with the same check list later in the "
          "same file, and a NOLINTEND must close one. An unmatched comment suppresses nothing.",
          Severity::Error};
}

RuleInfo unknownNolintRuleInfo() {
  return {kUnknownNolintCheck, "A NOLINT comment names a check that does not exist",
          "A check name or glob in NOLINT(...), NOLINTNEXTLINE(...) or NOLINTBEGIN(...) that starts with nn- "
          "but matches no nnlint check suppresses nothing; it is usually a misspelt check name.",
          Severity::Note};
}

void applySuppressions(std::vector<Finding> &findings, const std::vector<std::string> &files, SourceText &text,
                       const std::vector<std::string> &known) {
  std::set<std::string> toScan(files.begin(), files.end());
  for (const Finding &f : findings) toScan.insert(f.loc.file);
  std::map<std::string, FileSuppressions> byFile;
  for (const std::string &file : toScan) byFile.emplace(file, scan(file, text, known));

  std::vector<Finding> kept;
  for (Finding &f : findings) {
    auto it = byFile.find(f.loc.file);
    if (it == byFile.end() || !it->second.suppressed(f.loc.line, f.check)) kept.push_back(std::move(f));
  }
  for (auto &[file, s] : byFile)
    for (Finding &u : s.unmatched) kept.push_back(std::move(u));
  findings = std::move(kept);
  sortFindings(findings);
}

}  // namespace nnlint
