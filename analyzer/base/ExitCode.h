// nnlint's exit codes, documented in docs/usage.md.
#pragma once

namespace nnlint {

inline constexpr int kExitClean = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitError = 2;

}  // namespace nnlint
