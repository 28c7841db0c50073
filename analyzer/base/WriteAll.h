// Writes all of a buffer to a file descriptor, through short writes and
// interruptions; false on an error (errno says which).
#pragma once

#include <cstddef>

namespace nnlint {

bool writeAll(int fd, const char *data, size_t size);

}  // namespace nnlint
