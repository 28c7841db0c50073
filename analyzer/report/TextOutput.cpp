#include "report/TextOutput.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnostic.h"

namespace nnlint {
namespace {

using namespace clang;

// Clang's diagnostic printer (TextDiagnostic, what TextDiagnosticPrinter uses)
// over a SourceManager of the files the findings point into. It is called
// directly rather than through a DiagnosticsEngine, which would drop a note
// that follows no warning (nnlint's note-level findings).
class ClangPrinter {
 public:
  ClangPrinter(llvm::raw_ostream &os, bool colors)
      : options_(new DiagnosticOptions), files_(FileSystemOptions()) {
    options_->ShowColors = colors;
    if (colors) os.enable_colors(true);
    engine_ = std::make_unique<DiagnosticsEngine>(new DiagnosticIDs, options_, new IgnoringDiagConsumer, true);
    sources_ = std::make_unique<SourceManager>(*engine_, files_);
    text_ = std::make_unique<TextDiagnostic>(os, lang_, options_.get());
  }

  void finding(const Finding &f) {
    std::vector<const FixIt *> unplaced;
    for (const FixIt &fix : f.fixes) unplaced.push_back(&fix);
    // Each fix-it is shown under the caret line it edits: the finding's, or a note's.
    auto fixesOnLine = [&](const SourcePoint &at) {
      std::vector<FixItHint> hints;
      for (auto it = unplaced.begin(); it != unplaced.end();) {
        const FixIt &fix = **it;
        if (fix.begin.file == at.file && fix.begin.line == at.line) {
          hints.push_back(hint(fix));
          it = unplaced.erase(it);
        } else {
          ++it;
        }
      }
      return hints;
    };
    std::vector<FixItHint> mainHints = fixesOnLine(f.loc);
    std::vector<std::vector<FixItHint>> noteHints;
    for (const RelatedNote &n : f.notes) noteHints.push_back(fixesOnLine(n.loc));
    for (const FixIt *rest : unplaced) mainHints.push_back(hint(*rest));
    // A note-level finding stands on its own: the engine would drop a note
    // that follows no diagnostic (or a dropped one).
    if (f.severity == Severity::Note) engine_->setLastDiagnosticIgnored(false);
    emit(level(f.severity), f.loc, f.message + " [" + f.check + "]", mainHints);
    for (size_t i = 0; i < f.notes.size(); ++i)
      if (f.notes[i].loc.valid()) emit(DiagnosticsEngine::Note, f.notes[i].loc, f.notes[i].message, noteHints[i]);
  }

  void emit(DiagnosticsEngine::Level lvl, const SourcePoint &at, const std::string &message,
            const std::vector<FixItHint> &hints = {}) {
    SourceLocation loc = location(at);
    text_->emitDiagnostic(FullSourceLoc(loc, *sources_), lvl, message, {}, hints);
  }

 private:
  static DiagnosticsEngine::Level level(Severity s) {
    switch (s) {
      case Severity::Note: return DiagnosticsEngine::Note;
      case Severity::Warning: return DiagnosticsEngine::Warning;
      case Severity::Error: return DiagnosticsEngine::Error;
    }
    return DiagnosticsEngine::Warning;
  }

  SourceLocation location(const SourcePoint &p) {
    if (!p.valid()) return {};
    auto file = files_.getOptionalFileRef(p.file);
    if (!file) return {};
    FileID id = sources_->getOrCreateFileID(*file, SrcMgr::C_User);
    return sources_->translateLineCol(id, p.line, p.column ? p.column : 1);
  }

  FixItHint hint(const FixIt &fix) {
    SourceLocation b = location(fix.begin), e = location(fix.end);
    if (b.isInvalid() || e.isInvalid()) return {};
    if (b == e) return FixItHint::CreateInsertion(b, fix.replacement);
    return FixItHint::CreateReplacement(CharSourceRange::getCharRange(b, e), fix.replacement);
  }

  LangOptions lang_;
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> options_;
  FileManager files_;
  std::unique_ptr<DiagnosticsEngine> engine_;
  std::unique_ptr<SourceManager> sources_;
  std::unique_ptr<TextDiagnostic> text_;
};

std::string counted(size_t n, const char *what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

void printText(const std::vector<Finding> &findings, llvm::raw_ostream &os, bool colors) {
  ClangPrinter printer(os, colors);
  for (const Finding &f : findings) printer.finding(f);
}

void printToolError(const ToolError &error, llvm::raw_ostream &os, bool colors) {
  if (!error.loc.valid()) {
    os << "nnlint: error: " << (error.file.empty() ? "" : error.file + ": ") << error.message << "\n";
    return;
  }
  ClangPrinter printer(os, colors);
  printer.emit(DiagnosticsEngine::Error, error.loc, error.message + " [clang-diagnostic-error]");
}

std::string summaryLine(const std::vector<Finding> &findings, const std::vector<ToolError> &errors) {
  size_t counts[3] = {0, 0, 0}, fixable = 0;
  for (const Finding &f : findings) {
    ++counts[static_cast<int>(f.severity)];
    fixable += !f.fixes.empty();
  }
  std::vector<std::string> parts;
  if (counts[static_cast<int>(Severity::Error)]) parts.push_back(counted(counts[2], "error"));
  if (counts[static_cast<int>(Severity::Warning)]) parts.push_back(counted(counts[1], "warning"));
  if (counts[static_cast<int>(Severity::Note)]) parts.push_back(counted(counts[0], "note"));
  std::string line;
  for (const std::string &p : parts) line += (line.empty() ? "" : ", ") + p;
  if (fixable) line += " (" + std::to_string(fixable) + " fixable with --fix)";
  if (!errors.empty()) line += (line.empty() ? "" : "; ") + counted(errors.size(), "file") + " not analyzed";
  return line;
}

}  // namespace nnlint
