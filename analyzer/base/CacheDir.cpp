#include "base/CacheDir.h"

namespace nnlint {

std::string defaultCacheDirFor(const std::string &xdgCacheHome, const std::string &home) {
  if (!xdgCacheHome.empty()) return xdgCacheHome + "/nnlint";
  if (!home.empty()) return home + "/.cache/nnlint";
  return "";
}

}  // namespace nnlint
