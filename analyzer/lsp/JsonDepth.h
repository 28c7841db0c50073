// How deeply a JSON text nests, found without parsing it: llvm::json::parse
// recurses once per level, so a message nested a million deep overflows the
// stack before any error can be reported.
#pragma once

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace nnlint::lsp {

// No LSP message nests anywhere near this; the parser is safe far beyond.
inline constexpr size_t kMaxJsonDepth = 256;

// True when some array or object of `text` lies more than `limit` levels deep
// (brackets inside strings do not count).
bool jsonNestsDeeper(llvm::StringRef text, size_t limit = kMaxJsonDepth);

}  // namespace nnlint::lsp
