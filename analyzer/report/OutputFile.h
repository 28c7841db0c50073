// Writes a whole output file or nothing: a temporary file renamed into place.
// A symbolic link is written through (the file it names is replaced); a FIFO
// or a device is written into.
#pragma once

#include <string>

namespace nnlint {

// Returns "" on success, else the reason.
std::string writeFileAtomically(const std::string &path, const std::string &contents);

}  // namespace nnlint
