// Keeps the cache under a size, as ccache does: when a run leaves it larger
// than the limit, the precompiled blocks used least recently (with their
// manifest), then the facts entries used least recently, are removed until
// it is at 90% of the limit.
#pragma once

#include <cstdint>
#include <string>

namespace nnlint {

inline constexpr uint64_t kDefaultCacheLimit = uint64_t(2) << 30;  // 2 GiB: about 20 LibTorch blocks

// Removes least recently used entries of `dir` while it holds more than `limit` bytes.
void boundCache(const std::string &dir, uint64_t limit);

// "500M", "2G", "1048576": bytes, or 0 with `ok` false.
uint64_t parseCacheSize(const std::string &text, bool &ok);

}  // namespace nnlint
