#include "report/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <climits>
#include <unistd.h>

namespace nnlint {
namespace {

// The file `path` names at the end of its symbolic links, as a shell's `>`
// would write it; `path` itself when it is not a link.
std::string throughLinks(std::string path) {
  for (int hop = 0; hop < 40; ++hop) {  // Linux's own limit on a chain of links
    char target[PATH_MAX];
    ssize_t n = ::readlink(path.c_str(), target, sizeof(target));
    if (n <= 0 || static_cast<size_t>(n) >= sizeof(target)) return path;
    llvm::SmallString<256> next(llvm::StringRef(target, static_cast<size_t>(n)));
    if (!llvm::sys::path::is_absolute(next)) {
      llvm::SmallString<256> dir(llvm::sys::path::parent_path(path));
      llvm::sys::path::append(dir, next);
      next = dir;
    }
    path = std::string(next);
  }
  return path;
}

std::string errorOf(llvm::raw_fd_ostream &os) {
  os.close();
  if (!os.has_error()) return "";
  std::string why = os.error().message();
  os.clear_error();
  return why;
}

// A FIFO, a terminal or /dev/stdout cannot be replaced: write into it.
std::string writeInPlace(const std::string &path, const std::string &contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) return ec.message();
  os << contents;
  return errorOf(os);
}

}  // namespace

std::string writeFileAtomically(const std::string &requested, const std::string &contents) {
  std::string path = throughLinks(requested);
  llvm::sys::fs::file_status st;
  bool exists = !llvm::sys::fs::status(path, st);
  if (exists && !llvm::sys::fs::is_regular_file(st) && !llvm::sys::fs::is_directory(st))
    return writeInPlace(path, contents);
  // The temporary file sits next to the target so the rename stays on one file
  // system; its name is unique so concurrent runs never write the same one.
  llvm::SmallString<256> model(path);
  llvm::sys::path::remove_filename(model);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(path).str() + ".nnlint-%%%%%%%%.tmp");
  int fd = -1;
  llvm::SmallString<256> tmp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, tmp)) return ec.message();
  std::string why;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << contents;
    why = errorOf(os);
  }
  // Keep the permissions of a file being replaced (--fix rewrites sources).
  if (why.empty()) {
    llvm::sys::fs::setPermissions(tmp, exists ? st.permissions() : static_cast<llvm::sys::fs::perms>(0644));
    if (std::error_code ec = llvm::sys::fs::rename(tmp, path)) why = ec.message();
  }
  if (!why.empty()) llvm::sys::fs::remove(tmp);
  return why;
}

}  // namespace nnlint
