// Where Clang reported errors in a parse, for error recovery (Recovery.h),
// and the first error, for the report. Shared by nnlint's own parse and the
// clang-tidy module, which passes every diagnostic on to clang-tidy's
// consumer: both then drop the same facts on code with errors.
#pragma once

#include "base/SourceFilter.h"

#include "clang/Basic/Diagnostic.h"

#include <memory>
#include <string>
#include <vector>

namespace nnlint {

class ErrorPlaces : public clang::DiagnosticConsumer {
 public:
  ErrorPlaces() = default;
  // Passes every diagnostic on to `next` (owned when `owned` holds it).
  ErrorPlaces(clang::DiagnosticConsumer &next, std::unique_ptr<clang::DiagnosticConsumer> owned)
      : next_(&next), owned_(std::move(owned)) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic &info) override;
  void BeginSourceFile(const clang::LangOptions &lang, const clang::Preprocessor *pp) override;
  void EndSourceFile() override;
  void finish() override;
  void clear() override;
  bool IncludeInDiagnosticCounts() const override;

  unsigned errors() const { return errors_; }
  bool missingInclude() const { return missingInclude_; }
  bool fatal() const { return fatal_; }  // Clang stopped at a fatal error
  const std::string &first() const { return first_; }
  const SourcePoint &firstLoc() const { return firstLoc_; }
  // Every error's place (valid while the parse's SourceManager lives).
  const std::vector<clang::SourceLocation> &places() const { return places_; }

 private:
  clang::DiagnosticConsumer *next_ = nullptr;
  std::unique_ptr<clang::DiagnosticConsumer> owned_;
  std::vector<clang::SourceLocation> places_;
  unsigned errors_ = 0;
  bool missingInclude_ = false;
  bool fatal_ = false;
  std::string first_;
  SourcePoint firstLoc_;
};

}  // namespace nnlint
