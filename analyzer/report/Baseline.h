// Fingerprints that identify a finding across edits, and baselines: files of
// fingerprints already accepted, so that a CI gate fails only on new findings.
#pragma once

#include "base/Finding.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <vector>

namespace nnlint {

// `file` relative to `srcRoot` (which ends in '/'), or unchanged when outside it.
std::string relativeToRoot(const std::string &file, const std::string &srcRoot);

// One fingerprint per finding, same order. A fingerprint hashes the check, the
// file relative to srcRoot, the message (which names the class member) and
// how many equal findings came before it in that file; never a line number,
// so it survives edits elsewhere in the file.
std::vector<std::string> fingerprints(const std::vector<Finding> &findings, const std::string &srcRoot);

// Reads a baseline written by writeBaseline. Returns "" or the reason it cannot.
std::string readBaseline(const std::string &path, std::set<std::string> &out);
// The same for the text of a baseline file.
std::string parseBaseline(llvm::StringRef text, std::set<std::string> &out);
// The baseline file's contents for these findings.
std::string renderBaseline(const std::vector<Finding> &findings, const std::string &srcRoot);
// Drops the findings whose fingerprint is in the baseline; returns how many.
size_t dropBaselined(std::vector<Finding> &findings, const std::set<std::string> &baseline,
                     const std::string &srcRoot);

}  // namespace nnlint
