// The rule pages (docs/rules/<id>.md), embedded at build time for SARIF's
// help.markdown.
#pragma once

#include <string>

namespace nnlint {

// The Markdown page of a check, or nullptr when it has none.
const char *rulePage(const std::string &id);

}  // namespace nnlint
