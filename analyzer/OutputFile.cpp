#include "OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace nnlint {

std::string writeFileAtomically(const std::string &path, const std::string &contents) {
  std::string tmp = path + ".nnlint-tmp";
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(tmp, ec, llvm::sys::fs::OF_None);
    if (ec) return ec.message();
    os << contents;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
      llvm::sys::fs::remove(tmp);
      return ec.message();
    }
  }
  ec = llvm::sys::fs::rename(tmp, path);
  if (ec) {
    llvm::sys::fs::remove(tmp);
    return ec.message();
  }
  return "";
}

}  // namespace nnlint
