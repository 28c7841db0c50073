// What a check is, for --list-checks, SARIF and the editor.
#pragma once

#include "base/Finding.h"

#include <string>

namespace nnlint {

struct RuleInfo {
  std::string id;           // "nn-unregistered-submodule"
  std::string summary;      // one line, for --list-checks and SARIF shortDescription
  std::string description;  // a paragraph, for SARIF fullDescription
  Severity severity = Severity::Warning;
};

}  // namespace nnlint
