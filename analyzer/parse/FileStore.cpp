#include "parse/FileStore.h"

#include "base/CacheDir.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace nnlint {
namespace {

// The name of a new temporary file next to `path` that holds `contents`.
llvm::Expected<std::string> writeTemporary(const std::string &path, const std::string &contents) {
  int fd = -1;
  llvm::SmallString<256> name;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, name))
    return llvm::errorCodeToError(ec);
  std::string tmp(name);
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  os << contents;
  os.close();
  if (os.has_error()) {
    std::error_code why = os.error();
    os.clear_error();
    llvm::sys::fs::remove(tmp);
    return llvm::errorCodeToError(why);
  }
  return tmp;
}

}  // namespace

std::string defaultCacheDir() {
  return defaultCacheDirFor(llvm::sys::Process::GetEnv("XDG_CACHE_HOME").value_or(""),
                            llvm::sys::Process::GetEnv("HOME").value_or(""));
}

std::optional<FileStamp> stampOf(const std::string &path) {
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(path, st) || !llvm::sys::fs::is_regular_file(st)) return std::nullopt;
  return FileStamp{st.getSize(),
                   std::chrono::duration_cast<std::chrono::nanoseconds>(
                       st.getLastModificationTime().time_since_epoch()).count(),
                   st.getUniqueID().getFile()};
}

std::string executableStamp() {
  static const std::string stamp = [] {
    llvm::sys::fs::file_status st;
    if (llvm::sys::fs::status("/proc/self/exe", st)) return std::string("unknown");
    return std::to_string(st.getSize()) + "@" +
           std::to_string(st.getLastModificationTime().time_since_epoch().count());
  }();
  return stamp;
}

void touchCacheFile(const std::string &path) { ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0); }

std::string temporaryNameFor(const std::string &path) {
  llvm::SmallString<256> name;
  llvm::sys::fs::createUniquePath(path + ".tmp-%%%%%%%%", name, /*MakeAbsolute=*/false);
  return std::string(name);
}

llvm::Error replaceFile(const std::string &path, const std::string &contents) {
  llvm::Expected<std::string> tmp = writeTemporary(path, contents);
  if (!tmp) return tmp.takeError();
  if (std::error_code ec = llvm::sys::fs::rename(*tmp, path)) {
    llvm::sys::fs::remove(*tmp);
    return llvm::errorCodeToError(ec);
  }
  return llvm::Error::success();
}

llvm::Error createFileOnce(const std::string &path, const std::string &contents) {
  if (llvm::sys::fs::exists(path)) return llvm::Error::success();
  llvm::Expected<std::string> tmp = writeTemporary(path, contents);
  if (!tmp) return tmp.takeError();
  // link() fails if `path` appeared meanwhile: the first writer wins.
  std::error_code ec = llvm::sys::fs::create_hard_link(*tmp, path);
  llvm::sys::fs::remove(*tmp);
  if (ec && !llvm::sys::fs::exists(path)) return llvm::errorCodeToError(ec);
  return llvm::Error::success();
}

namespace {

struct Flags {
  std::atomic<bool> done[static_cast<size_t>(CacheWarning::Count)] = {};
};
static_assert(std::atomic<bool>::is_always_lock_free, "the flags are shared between processes");

Flags &warned() {
  static Flags *shared = [] {
    void *page = ::mmap(nullptr, sizeof(Flags), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    return page == MAP_FAILED ? new Flags : new (page) Flags;
  }();
  return *shared;
}

}  // namespace

void prepareCacheWarnings() { (void)warned(); }

void warnOnce(CacheWarning kind, const std::string &message) {
  if (warned().done[static_cast<size_t>(kind)].exchange(true)) return;
  llvm::errs() << "nnlint: warning: cache: " << message << "\n";
}

void removeStaleTemporaries(const std::string &dir, const std::string &key) {
  auto old = std::chrono::system_clock::now() - std::chrono::hours(1);
  std::error_code ec;
  std::vector<std::string> stale;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (!name.contains(".tmp-")) continue;
    llvm::ErrorOr<llvm::sys::fs::basic_file_status> st = it->status();
    if (name.starts_with(key + ".") || (st && st->getLastModificationTime() < old))
      stale.push_back(it->path());
  }
  for (const std::string &path : stale) llvm::sys::fs::remove(path);
}

FileLock::FileLock(const std::string &path, int waitMs) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return;
  constexpr int kPollMs = 20;
  for (int waited = 0; ::flock(fd, LOCK_EX | LOCK_NB) != 0; waited += kPollMs) {
    if (errno != EWOULDBLOCK || waited >= waitMs) {
      ::close(fd);
      return;
    }
    ::usleep(kPollMs * 1000);
  }
  fd_ = fd;
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace nnlint
