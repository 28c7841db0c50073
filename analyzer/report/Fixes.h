// Applying fix-its in place (--fix) and exporting them in the YAML that
// clang-apply-replacements reads (--export-fixes), as clang-tidy does.
#pragma once

#include "base/Finding.h"
#include "base/SourceText.h"

#include <string>
#include <vector>

namespace nnlint {

struct FixSummary {
  std::vector<std::string> changedFiles;
  unsigned applied = 0;  // findings whose fixes were applied
  unsigned skipped = 0;  // findings whose fixes overlap an earlier one's, or point outside the file
};

// Edits the files in place (each written atomically). Returns "" or
// "FILE: problem" for the first file that could not be written.
std::string applyFixes(const std::vector<Finding> &findings, SourceText &text, FixSummary &summary);

// The clang-tidy "--export-fixes" YAML for the findings that have fixes.
std::string exportFixes(const std::vector<Finding> &findings, SourceText &text);

}  // namespace nnlint
