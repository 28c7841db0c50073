// Findings as a Code Climate issue list, the JSON that GitLab's Code Quality
// report (`artifacts: reports: codequality`) reads and shows in the
// merge-request widget and the diff.
#pragma once

#include "base/Finding.h"

#include <string>
#include <vector>

namespace nnlint {

// Paths relative to srcRoot (absolute, ending in '/'), as GitLab expects.
std::string toCodeClimate(const std::vector<Finding> &findings, const std::string &srcRoot);

}  // namespace nnlint
