// The name of a cache entry: a hash of every input that decides its content.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SHA256.h"

#include <string>

namespace nnlint {

class CacheKey {
 public:
  // Each part is ended by a NUL, so that ("ab", "c") and ("a", "bc") differ.
  void add(llvm::StringRef part);
  // Adds to the part under way, which the next add() or endPart() ends: a
  // copy taken between two pieces hashes as if the part ended there.
  void addPiece(llvm::StringRef piece) { sha_.update(piece); }
  void endPart() { add(""); }
  // The first 128 bits of the hash, in lower-case hex.
  std::string hex();

 private:
  llvm::SHA256 sha_;
};

}  // namespace nnlint
