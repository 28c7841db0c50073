#include "base/SourceFilter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace nnlint {
namespace {

// A file name as Clang spells it, made absolute against the compile command's
// directory (the working directory of the file system Clang reads through).
std::string absoluteName(const SourceManager &sm, llvm::StringRef name) {
  llvm::SmallString<256> p(name);
  if (!llvm::sys::path::is_absolute(p)) sm.getFileManager().getVirtualFileSystem().makeAbsolute(p);
  return normalisePath(std::string(p));
}

}  // namespace

std::vector<std::string> SourceFilter::defaultLibraryPrefixes() {
  return {"/usr/include/", "/usr/lib/", "/usr/local/cuda"};
}

SourceFilter::SourceFilter(std::vector<std::string> libraryPrefixes)
    : prefixes_(std::move(libraryPrefixes)) {}

bool SourceFilter::isLibraryPath(const std::string &path) const {
  for (const std::string &p : prefixes_)
    if (path.rfind(p, 0) == 0) return true;
  // LibTorch installed anywhere (a pip wheel, a tarball): its headers live
  // under .../include/torch/csrc/api/include, .../include/ATen, ...
  for (const char *marker : {"/torch/csrc/", "/include/ATen/", "/include/c10/", "/include/caffe2/",
                             "/include/torch/"})
    if (path.find(marker) != std::string::npos) return true;
  return false;
}

bool SourceFilter::isLibrary(const SourceManager &sm, SourceLocation loc) const {
  if (loc.isInvalid()) return true;
  SourceLocation spelling = sm.getExpansionLoc(loc);
  if (sm.isInSystemHeader(spelling)) return true;
  if (sm.isWrittenInMainFile(spelling)) return false;
  PresumedLoc p = sm.getPresumedLoc(spelling);
  if (p.isInvalid()) return false;
  auto [it, added] = byFileName_.try_emplace(p.getFilename(), false);
  if (added) it->second = isLibraryPath(absoluteName(sm, p.getFilename()));
  return it->second;
}

std::string normalisePath(const std::string &path) {
  llvm::SmallString<256> p(path);
  llvm::sys::fs::make_absolute(p);
  llvm::SmallString<256> lexical(p);
  llvm::sys::path::remove_dots(lexical, /*remove_dot_dot=*/true);
  // `..` after a symbolic link is the parent of the link's target: where /bin
  // links to usr/bin, /bin/../lib is /usr/lib, not /lib. Where dropping `..`
  // names another file (or none), the folder's links are resolved instead.
  llvm::StringRef name = llvm::sys::path::filename(p);
  llvm::SmallString<256> real;
  if (llvm::StringRef(p).contains("/../") && name != ".." && !llvm::sys::fs::equivalent(p, lexical) &&
      !llvm::sys::fs::real_path(llvm::sys::path::parent_path(p), real)) {
    llvm::sys::path::append(real, name);
    return std::string(real);
  }
  return std::string(lexical);
}

SourcePoint toPoint(const SourceManager &sm, SourceLocation loc) {
  SourcePoint out;
  if (loc.isInvalid()) return out;
  SourceLocation e = sm.getExpansionLoc(loc);
  PresumedLoc p = sm.getPresumedLoc(e);
  if (p.isInvalid()) return out;
  out.file = absoluteName(sm, p.getFilename());
  out.line = p.getLine();
  out.column = p.getColumn();
  return out;
}

}  // namespace nnlint
