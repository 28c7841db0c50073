// Findings as a SARIF 2.1.0 log, for code-scanning services.
#pragma once

#include "Finding.h"
#include "Rule.h"

#include <string>
#include <vector>

namespace nnlint {

struct ToolError {
  std::string file;
  std::string message;
};

std::string toSarif(const std::vector<Finding> &findings, const std::vector<const Rule *> &rules,
                    const std::vector<ToolError> &errors, const std::string &srcRoot);

}  // namespace nnlint
