#include "report/Fixes.h"

#include "report/OutputFile.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/YAMLTraits.h"

#include <algorithm>
#include <map>

namespace nnlint {
namespace {

struct Edit {
  unsigned offset;
  unsigned length;
  std::string text;
};

// The byte edits of one finding, or nothing if a fix points outside its file.
bool toEdits(const Finding &f, SourceText &text, std::map<std::string, std::vector<Edit>> &out) {
  std::map<std::string, std::vector<Edit>> edits;
  for (const FixIt &fix : f.fixes) {
    if (fix.begin.file != fix.end.file) return false;
    auto b = text.offset(fix.begin.file, fix.begin.line, fix.begin.column);
    auto e = text.offset(fix.end.file, fix.end.line, fix.end.column);
    if (!b || !e || *e < *b) return false;
    edits[fix.begin.file].push_back({*b, *e - *b, fix.replacement});
  }
  out = std::move(edits);
  return true;
}

bool overlaps(const Edit &a, const Edit &b) {
  if (a.offset == b.offset) return true;  // two edits at one place: order would be ambiguous
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length;
}

}  // namespace

std::string applyFixes(const std::vector<Finding> &findings, SourceText &text, FixSummary &summary) {
  std::map<std::string, std::vector<Edit>> accepted;
  for (const Finding &f : findings) {
    if (f.fixes.empty()) continue;
    std::map<std::string, std::vector<Edit>> edits;
    bool ok = toEdits(f, text, edits);
    for (const auto &[file, list] : edits)
      for (const Edit &e : list)
        for (const Edit &have : accepted[file]) ok &= !overlaps(e, have);
    if (!ok) {
      ++summary.skipped;
      continue;
    }
    ++summary.applied;
    for (auto &[file, list] : edits) accepted[file].insert(accepted[file].end(), list.begin(), list.end());
  }
  for (auto &[file, list] : accepted) {
    if (list.empty()) continue;
    const std::string *original = text.contents(file);
    if (!original) return file + ": cannot read";
    std::string updated = *original;
    std::sort(list.begin(), list.end(), [](const Edit &a, const Edit &b) { return a.offset > b.offset; });
    for (const Edit &e : list) updated.replace(e.offset, e.length, e.text);
    if (std::string err = writeFileAtomically(file, updated); !err.empty()) return file + ": cannot write: " + err;
    summary.changedFiles.push_back(file);
  }
  return "";
}

std::string exportFixes(const std::vector<Finding> &findings, SourceText &text) {
  clang::tooling::TranslationUnitDiagnostics tu;
  for (const Finding &f : findings) {
    std::map<std::string, std::vector<Edit>> edits;
    if (f.fixes.empty() || !toEdits(f, text, edits)) continue;
    clang::tooling::DiagnosticMessage message;
    message.Message = f.message;
    message.FilePath = f.loc.file;
    message.FileOffset = text.offset(f.loc.file, f.loc.line, f.loc.column).value_or(0);
    bool ok = true;
    for (const auto &[file, list] : edits)
      for (const Edit &e : list)
        if (llvm::Error err = message.Fix[file].add(clang::tooling::Replacement(file, e.offset, e.length, e.text))) {
          llvm::consumeError(std::move(err));
          ok = false;
        }
    if (!ok) continue;
    llvm::SmallVector<clang::tooling::DiagnosticMessage, 1> notes;
    for (const RelatedNote &n : f.notes) {
      clang::tooling::DiagnosticMessage note;
      note.Message = n.message;
      note.FilePath = n.loc.file;
      note.FileOffset = text.offset(n.loc.file, n.loc.line, n.loc.column).value_or(0);
      notes.push_back(note);
    }
    auto level = f.severity == Severity::Error ? clang::tooling::Diagnostic::Error : clang::tooling::Diagnostic::Warning;
    tu.Diagnostics.emplace_back(f.check, message, notes, level, "");
    if (tu.MainSourceFile.empty()) tu.MainSourceFile = f.loc.file;
  }
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::yaml::Output yaml(os);
  yaml << tu;
  os.flush();
  return out;
}

}  // namespace nnlint
