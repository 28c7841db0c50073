// A check: reads the model index, reports findings. One class per file.
#pragma once

#include "Finding.h"
#include "ModelIndex.h"

#include <memory>
#include <string>
#include <vector>

namespace nnlint {

struct RuleInfo {
  std::string id;           // "nn-unregistered-submodule"
  std::string summary;      // one line, for --list-checks and SARIF shortDescription
  std::string description;  // a paragraph, for SARIF fullDescription
  Severity severity = Severity::Warning;
};

class Rule {
 public:
  virtual ~Rule() = default;
  virtual RuleInfo info() const = 0;
  virtual void check(const ModelIndex &index, std::vector<Finding> &out) const = 0;
};

// Every check nnlint has, in a stable order.
const std::vector<std::unique_ptr<Rule>> &allRules();

}  // namespace nnlint
