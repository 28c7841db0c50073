// Writes a whole output file or nothing: a temporary file renamed into place.
#pragma once

#include <string>

namespace nnlint {

// Returns "" on success, else the reason.
std::string writeFileAtomically(const std::string &path, const std::string &contents);

}  // namespace nnlint
