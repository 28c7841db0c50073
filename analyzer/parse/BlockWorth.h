// Whether an include block is worth precompiling for a file alone, or a
// warm session: it is when its headers reach a library header, or read more
// of the project's own code than Clang parses in a few milliseconds. A block
// that does neither (a header of forward declarations, one whose includes a
// macro leaves out) costs more to build, write and read back, or to keep
// loaded, than to parse with the file.
#pragma once

#include <cstdint>

namespace nnlint {

inline constexpr uint64_t kOwnBytesWorthABlock = 64 * 1024;

inline bool worthABlock(bool readsLibrary, uint64_t ownBytes) {
  return readsLibrary || ownBytes > kOwnBytesWorthABlock;
}

}  // namespace nnlint
