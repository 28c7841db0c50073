// Whether a file's include block is worth precompiling for that file alone
// (BlockWorth.h), before it is built.
#pragma once

#include "base/SourceFilter.h"
#include "parse/Pch.h"

namespace nnlint {

// Preprocesses the block `req` would build, stopping at the first library
// header. A block whose preprocessing has errors is worth a build: the
// build records where they are (PchCache::failedLine).
bool worthPrecompiling(const PchRequest &req, const SourceFilter &filter);

}  // namespace nnlint
