// The paths a command-line run looked at to reach its answer: the files it
// read and the paths whose existence it tested. The run lists them for the
// front (driver/Front.cpp), which answers a rerun from a record while none of
// them has changed (replay/ReplayRecord.h).
#pragma once

#include <set>
#include <string>

namespace nnlint {

void noteInput(const std::string &path);
// The answer depends on something no path names: the run is not answered again.
void noteUnknownInputs();
// The paths noted, or nullptr after noteUnknownInputs().
const std::set<std::string> *notedInputs();

}  // namespace nnlint
