#include "OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace nnlint {

std::string writeFileAtomically(const std::string &path, const std::string &contents) {
  // The temporary file sits next to the target so the rename stays on one file
  // system; its name is unique so concurrent runs never write the same one.
  llvm::SmallString<256> model(path);
  llvm::sys::path::remove_filename(model);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(path).str() + ".nnlint-%%%%%%%%.tmp");
  int fd = -1;
  llvm::SmallString<256> tmp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, tmp)) return ec.message();
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << contents;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  // Keep the permissions of a file being replaced (--fix rewrites sources).
  if (!ec) {
    llvm::sys::fs::file_status st;
    if (!llvm::sys::fs::status(path, st)) llvm::sys::fs::setPermissions(tmp, st.permissions());
    else llvm::sys::fs::setPermissions(tmp, static_cast<llvm::sys::fs::perms>(0644));
    ec = llvm::sys::fs::rename(tmp, path);
  }
  if (ec) {
    llvm::sys::fs::remove(tmp);
    return ec.message();
  }
  return "";
}

}  // namespace nnlint
