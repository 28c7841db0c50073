// Why a path given as a file cannot be used, in words that say what the path
// really is: a missing file, a symbolic link that loops or dangles, a path
// that cannot be searched, a file of the kernel's /proc or /sys.
#pragma once

#include <string>

namespace nnlint {

// "" when the path leads to something that exists; else the reason, such as
// "no such file" or "a symbolic link that loops back on itself".
std::string unreachableReason(const std::string &path);

// Whether the path exists as a directory entry (a dangling or looping
// symbolic link does).
bool entryExists(const std::string &path);
// Whether resolving the path's symbolic links never ends.
bool linkLoops(const std::string &path);

// "" unless the file, once symbolic links are resolved, is a kernel file
// (/proc, /sys): those claim size 0 and hold no source.
std::string kernelFileReason(const std::string &path);

}  // namespace nnlint
