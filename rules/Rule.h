// A check: reads the model index, reports findings. One class per file.
#pragma once

#include "base/Finding.h"
#include "base/RuleInfo.h"
#include "index/ModelIndex.h"

#include <memory>
#include <string>
#include <vector>

namespace nnlint {

class Rule {
 public:
  virtual ~Rule() = default;
  virtual RuleInfo info() const = 0;
  virtual void check(const ModelIndex &index, std::vector<Finding> &out) const = 0;
};

// Every check nnlint has, in a stable order.
const std::vector<std::unique_ptr<Rule>> &allRules();

}  // namespace nnlint
