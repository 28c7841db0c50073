// Findings in Clang's diagnostic format, which editors and CI logs parse:
// "file:line:col: warning: message [check]", the source line, a caret, notes.
#pragma once

#include "Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace nnlint {

void printText(const std::vector<Finding> &findings, llvm::raw_ostream &os);

}  // namespace nnlint
