#include "project/PathProblem.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"

#include <linux/magic.h>
#include <sys/vfs.h>

namespace nnlint {

std::string unreachableReason(const std::string &path) {
  llvm::sys::fs::file_status st;
  std::error_code ec = llvm::sys::fs::status(path, st);
  if (!ec) return "";
  bool loop = ec == std::errc::too_many_symbolic_link_levels;
  llvm::sys::fs::file_status link;
  if (!llvm::sys::fs::status(path, link, /*follow=*/false) && link.type() == llvm::sys::fs::file_type::symlink_file)
    return loop ? "a symbolic link that loops back on itself, so it names no file"
                : "a symbolic link to a file that does not exist";
  if (loop) return "its path goes through a symbolic link that loops back on itself, so it names no file";
  if (ec == std::errc::permission_denied) return "cannot be reached: permission denied";
  return "no such file";
}

bool entryExists(const std::string &path) {
  llvm::sys::fs::file_status st;
  return !llvm::sys::fs::status(path, st, /*follow=*/false);
}

bool linkLoops(const std::string &path) {
  llvm::sys::fs::file_status st;
  return llvm::sys::fs::status(path, st) == std::errc::too_many_symbolic_link_levels;
}

std::string kernelFileReason(const std::string &path, uint64_t device,
                             std::map<uint64_t, std::string> &kernelByDevice) {
  auto [it, added] = kernelByDevice.try_emplace(device);
  if (added) {
    // One call, where resolving the path reads each of its folders as a link.
    struct statfs fs;
    if (::statfs(path.c_str(), &fs) == 0 && (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == SYSFS_MAGIC))
      it->second = fs.f_type == PROC_SUPER_MAGIC ? "/proc" : "/sys";
  }
  if (it->second.empty()) return "";
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real)) real = path;
  return "a file of the kernel's " + it->second + " file system (" + std::string(real) + "), not a source file";
}

}  // namespace nnlint
