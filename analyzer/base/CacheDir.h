// Where the cache is when --cache-dir does not say: $XDG_CACHE_HOME/nnlint,
// else $HOME/.cache/nnlint, else nowhere (""). The analyzer and the front
// (driver/Front.cpp) both ask it, each with its own environment.
#pragma once

#include <string>

namespace nnlint {

std::string defaultCacheDirFor(const std::string &xdgCacheHome, const std::string &home);

}  // namespace nnlint
