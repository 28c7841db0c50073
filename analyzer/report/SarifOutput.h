// Findings as a SARIF 2.1.0 log, for code-scanning services (GitHub code
// scanning, GitLab, Azure DevOps): rule metadata with help links, repository-
// relative locations, related locations for notes, stable fingerprints, and
// tool errors as execution notifications.
#pragma once

#include "base/Finding.h"
#include "base/RuleInfo.h"
#include "base/ToolError.h"

#include <string>
#include <vector>

namespace nnlint {

class SourceText;

// srcRoot: absolute directory ending in '/'; files under it get uris relative
// to the SRCROOT base, others absolute file:// uris.
// withBaseline: --baseline was given, so every result is "baselineState": "new".
std::string toSarif(const std::vector<Finding> &findings, const std::vector<RuleInfo> &rules,
                    const std::vector<ToolError> &errors, const std::string &srcRoot, SourceText &text,
                    bool withBaseline = false);

// Where a rule's documentation page is.
std::string helpUriFor(const std::string &check);

// A file:// uri for an absolute path, and a relative uri reference, both
// percent-encoded (RFC 3986).
std::string fileUri(const std::string &absolutePath);
std::string encodeUriPath(const std::string &path);

}  // namespace nnlint
