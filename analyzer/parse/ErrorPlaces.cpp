#include "parse/ErrorPlaces.h"

#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace nnlint {

void ErrorPlaces::HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) {
  DiagnosticConsumer::HandleDiagnostic(level, info);
  if (level >= DiagnosticsEngine::Error) {
    if (info.getLocation().isValid()) places_.push_back(info.getLocation());
    missingInclude_ |= info.getID() == diag::err_pp_file_not_found;
    fatal_ |= level == DiagnosticsEngine::Fatal;
    if (++errors_ == 1) {
      llvm::SmallString<128> text;
      info.FormatDiagnostic(text);
      first_ = std::string(text);
      if (info.hasSourceManager() && info.getLocation().isValid())
        firstLoc_ = toPoint(info.getSourceManager(), info.getLocation());
    }
  }
  if (next_) next_->HandleDiagnostic(level, info);
}

void ErrorPlaces::BeginSourceFile(const LangOptions &lang, const Preprocessor *pp) {
  if (next_) next_->BeginSourceFile(lang, pp);
}

void ErrorPlaces::EndSourceFile() {
  if (next_) next_->EndSourceFile();
}

void ErrorPlaces::finish() {
  if (next_) next_->finish();
}

void ErrorPlaces::clear() {
  if (next_) next_->clear();
  DiagnosticConsumer::clear();
}

bool ErrorPlaces::IncludeInDiagnosticCounts() const {
  return next_ ? next_->IncludeInDiagnosticCounts() : DiagnosticConsumer::IncludeInDiagnosticCounts();
}

}  // namespace nnlint
