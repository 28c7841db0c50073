// --format=json: nnlint's own stable output format, documented in
// docs/usage.md ("JSON output"). Fields are only ever added within a version.
#pragma once

#include "base/Finding.h"
#include "report/SarifOutput.h"

#include <string>
#include <vector>

namespace nnlint {

class SourceText;

inline constexpr int kJsonFormatVersion = 1;

std::string toJson(const std::vector<Finding> &findings, const std::vector<ToolError> &errors,
                   const std::string &srcRoot, SourceText &text);

}  // namespace nnlint
