// Findings and compile errors in Clang's diagnostic format, printed by Clang's
// own printer (clang::TextDiagnostic): "file:line:col: warning: message [check]", the
// source line, the caret, fix-it hints under the caret line, notes; colours
// when asked for.
#pragma once

#include "base/Finding.h"
#include "report/SarifOutput.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace nnlint {

void printText(const std::vector<Finding> &findings, llvm::raw_ostream &os, bool colors);

// A compile error: "file:line:col: error: message [clang-diagnostic-error]"
// with its source line, as clang-tidy prints it. Other tool errors:
// "nnlint: error: FILE: problem".
void printToolError(const ToolError &error, llvm::raw_ostream &os, bool colors);

// The last line of a run, e.g. "3 warnings (2 fixable with --fix)", or "" when
// there is nothing to say.
std::string summaryLine(const std::vector<Finding> &findings, const std::vector<ToolError> &errors);

}  // namespace nnlint
