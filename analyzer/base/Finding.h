// What a check reports: a diagnostic with notes at related places.
#pragma once

#include "base/SourcePoint.h"

#include <string>
#include <vector>

namespace nnlint {

enum class Severity { Note, Warning, Error };

struct RelatedNote {
  std::string message;
  SourcePoint loc;
};

// A mechanical edit that fixes a finding: replace the text from `begin` up to
// (not including) `end` with `replacement`; begin == end inserts.
struct FixIt {
  SourcePoint begin;
  SourcePoint end;
  std::string replacement;
};

struct Finding {
  std::string check;
  Severity severity = Severity::Warning;
  std::string message;
  SourcePoint loc;
  std::vector<RelatedNote> notes;
  std::vector<FixIt> fixes;
};

const char *severityName(Severity s);
// Sorts by file, line, column and check, and drops exact duplicates.
void sortFindings(std::vector<Finding> &findings);

}  // namespace nnlint
