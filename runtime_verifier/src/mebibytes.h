// A byte count as the verifier's messages write it: "12.5 MiB".
#pragma once

#include <cstdio>
#include <string>

namespace nnlint::verify::detail {

inline std::string mib(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / (1 << 20));
  return buf;
}

}  // namespace nnlint::verify::detail
