// The on-disk cache directory and the file operations that keep it safe when
// several nnlint processes share it: files appear whole (written to a unique
// temporary name, then renamed or linked) and builds are serialised by a lock
// that the operating system releases if its holder dies.
#pragma once

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace nnlint {

// $XDG_CACHE_HOME/nnlint, else $HOME/.cache/nnlint, else "".
std::string defaultCacheDir();

// Writes `contents` to `path` whole, replacing it.
llvm::Error replaceFile(const std::string &path, const std::string &contents);
// Writes `contents` to `path` whole unless `path` already exists (then it is
// left alone: readers may rely on its timestamp).
llvm::Error createFileOnce(const std::string &path, const std::string &contents);
// A unique name next to `path` for a file that will be renamed to it.
std::string temporaryNameFor(const std::string &path);
// A regular file's size, modification time and inode: while they stay, its
// text is taken to be the one read before.
struct FileStamp {
  uint64_t size = 0;
  int64_t mtimeNs = 0;
  uint64_t inode = 0;
  bool operator==(const FileStamp &o) const { return size == o.size && mtimeNs == o.mtimeNs && inode == o.inode; }
};
// The stamp of a regular file; none for a missing file, a FIFO or a device
// (/dev/zero or a FIFO would never end if read).
std::optional<FileStamp> stampOf(const std::string &path);

// The running nnlint's size and modification time: a rebuilt nnlint may find
// other facts in the same code, so what it stores is keyed by it.
std::string executableStamp();

// Marks a cache file as used now (its modification time): the cache bound
// (cache/CacheBound.h) evicts the entries used least recently.
void touchCacheFile(const std::string &path);

// Prints "nnlint: warning: cache: <message>" on stderr, once per run for
// each `kind`, however many worker processes meet the problem. Worker
// processes share the record when prepareCacheWarnings() ran before they
// were forked.
enum class CacheWarning { WriteFailed, Repaired, Count };
void prepareCacheWarnings();
void warnOnce(CacheWarning kind, const std::string &message);

// Removes the temporary files that processes killed while writing them left
// in `dir`: those of `key`, whose builder holds its lock, and any older than
// an hour.
void removeStaleTemporaries(const std::string &dir, const std::string &key);

// An exclusive advisory lock on a file (flock), taken without waiting.
class FileLock {
 public:
  // Waits up to `waitMs` for a process that holds the lock to let it go.
  explicit FileLock(const std::string &path, int waitMs = 0);
  ~FileLock();
  FileLock(const FileLock &) = delete;
  FileLock &operator=(const FileLock &) = delete;
  bool held() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
};

}  // namespace nnlint
