// Findings as GitHub Actions workflow commands, one line each, which GitHub
// shows as annotations on the pull request's changed lines (like
// `ruff --output-format=github`); works without code scanning, so in private
// repositories too:
//   ::warning file=src/model.cpp,line=8,col=21,title=nn-unregistered-submodule::submodule 'fc' ...
#pragma once

#include "base/Finding.h"
#include "report/SarifOutput.h"

#include <string>
#include <vector>

namespace nnlint {

// Paths relative to srcRoot (absolute, ending in '/'), as GitHub expects.
std::string toGithub(const std::vector<Finding> &findings, const std::vector<ToolError> &errors,
                     const std::string &srcRoot);

}  // namespace nnlint
