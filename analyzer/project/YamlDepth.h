// A bound on how deeply a YAML text nests, found without parsing it: LLVM's
// YAML parser recurses once per level, so a file nested thousands deep
// overflows the stack before any error can be reported.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace nnlint {

// Nothing that nnlint reads nests this deep; the parser is safe far beyond.
inline constexpr size_t kMaxYamlDepth = 256;

// An upper bound of the nesting depth of `text` at its deepest point, or of
// that point if the bound passes `limit` (the scan stops there).
// Never less than the depth LLVM's YAML parser would reach.
size_t yamlDepthBound(llvm::StringRef text, size_t limit = kMaxYamlDepth);

}  // namespace nnlint
