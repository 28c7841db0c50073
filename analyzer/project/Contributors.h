// Which other files of a compilation database can add to the classes of the
// files a run names: those whose #include closure reaches a header that
// defines one of those classes (a class split over files has its methods in
// files that include its header). The rest of the database is not parsed, so a
// run on one file of a large project costs that file and its neighbours.
#pragma once

#include "clang/Tooling/CompilationDatabase.h"

#include <set>
#include <string>
#include <vector>

namespace nnlint {

class SourceFilter;

// The positions in `others` of the files that reach one of `headers`
// (absolute, normalised). The scan reads #include lines as written, without
// the preprocessor: an include under an #if counts, one made by a macro does
// not; library headers (SourceFilter) are not followed. With `reached`, also
// which of `headers` the files reach.
std::vector<size_t> filesReaching(const std::vector<const clang::tooling::CompileCommand *> &others,
                                  const std::set<std::string> &headers, const SourceFilter &filter,
                                  std::set<std::string> *reached = nullptr);

// Reads the #include lines that filesReaching() scans in `others`: kept for
// this process and the processes it forks, while each file keeps its size
// and time (the language server reads them once for its workers).
void readIncludeLines(const std::vector<const clang::tooling::CompileCommand *> &others, const SourceFilter &filter);

}  // namespace nnlint
