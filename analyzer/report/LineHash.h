// GitHub code scanning's primaryLocationLineHash: the hash GitHub itself
// computes for a result's first line when a SARIF log lacks one (the
// algorithm of github/codeql-action's fingerprints, reimplemented): a rolling
// hash over the next 100 characters from the start of the line, spaces and
// tabs skipped, line ends normalised to '\n', then ":N" for the N-th line in
// the file with the same hash. GitHub matches alerts across commits with it.
#pragma once

#include <map>
#include <string>

namespace nnlint {

// 1-based line number -> "hexhash:occurrence", for every line of `text` (UTF-8).
std::map<unsigned, std::string> lineHashes(const std::string &text);

}  // namespace nnlint
