// What a check reports: a diagnostic with notes at related places.
#pragma once

#include "ModelIndex.h"

#include <string>
#include <vector>

namespace nnlint {

enum class Severity { Note, Warning, Error };

struct RelatedNote {
  std::string message;
  SourcePoint loc;
};

struct Finding {
  std::string check;
  Severity severity = Severity::Warning;
  std::string message;
  SourcePoint loc;
  std::vector<RelatedNote> notes;
};

const char *severityName(Severity s);
// Sorts by file, line, column and check, and drops exact duplicates.
void sortFindings(std::vector<Finding> &findings);

}  // namespace nnlint
