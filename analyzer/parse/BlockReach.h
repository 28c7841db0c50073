// Whether a file's include block is worth precompiling for that file alone.
// It is when its headers reach a library header, or read more of the
// project's own code than a parse takes in a few milliseconds. A block that
// does neither (a header of forward declarations, one whose includes a
// macro leaves out) costs more to build, write and read back than to parse
// with the file.
#pragma once

#include "base/SourceFilter.h"
#include "parse/Pch.h"

namespace nnlint {

// Preprocesses the block `req` would build, stopping at the first library
// header. A block whose preprocessing has errors is worth a build: the
// build records where they are (PchCache::failedLine).
bool worthPrecompiling(const PchRequest &req, const SourceFilter &filter);

}  // namespace nnlint
