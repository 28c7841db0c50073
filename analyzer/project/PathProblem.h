// Why a path given as a file cannot be used, in words that say what the path
// really is: a missing file, a symbolic link that loops or dangles, a path
// that cannot be searched, a file of the kernel's /proc or /sys.
#pragma once

#include <cstdint>
#include <map>
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
// (/proc, /sys): those claim size 0 and hold no source. A run asks once per
// device (st_dev), in `kernelByDevice`: every file of a database is checked
// on every edit, and they share a few devices.
std::string kernelFileReason(const std::string &path, uint64_t device, std::map<uint64_t, std::string> &kernelByDevice);

}  // namespace nnlint
