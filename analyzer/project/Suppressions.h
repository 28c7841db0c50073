// clang-tidy's suppression comments, with clang-tidy's meaning:
//   // NOLINT                     every check, on this line
//   // NOLINT(nn-foo,nn-bar-*)    the listed checks (globs), on this line
//   // NOLINTNEXTLINE(...)        on the next line
//   // NOLINTBEGIN(...) ... // NOLINTEND(...)   on the lines in between
// A finding is suppressed by the comments at its primary location. Empty
// parentheses suppress nothing. A NOLINTBEGIN without its NOLINTEND (same
// check list), or the reverse, suppresses nothing and is reported itself.
#pragma once

#include "base/Finding.h"
#include "base/SourceText.h"
#include "rules/Rule.h"

#include <string>
#include <vector>

namespace nnlint {

inline constexpr const char *kNolintCheck = "nnlint-nolint";
RuleInfo nolintRuleInfo();
// A NOLINT(...) naming an nn- check that matches none of `known`: a note.
inline constexpr const char *kUnknownNolintCheck = "nn-unknown-nolint";
RuleInfo unknownNolintRuleInfo();

// Drops suppressed findings, and adds a kNolintCheck error for each unmatched
// NOLINTBEGIN/NOLINTEND in `files` and in the files the findings point into,
// and a kUnknownNolintCheck note for each unknown nn- name in a NOLINT list.
void applySuppressions(std::vector<Finding> &findings, const std::vector<std::string> &files, SourceText &text,
                       const std::vector<std::string> &known);

}  // namespace nnlint
