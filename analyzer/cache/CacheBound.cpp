#include "cache/CacheBound.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>
#include <vector>

namespace nnlint {
namespace {

struct Entry {
  int64_t lastUsed = 0;  // nanoseconds
  uint64_t size = 0;
  bool facts = false;  // a facts entry or a run's record: kilobytes that save a whole parse
  std::vector<std::string> files;  // the manifest first: without it the block is not used
};

void addFile(Entry &e, const llvm::sys::fs::directory_entry &file) {
  llvm::ErrorOr<llvm::sys::fs::basic_file_status> st = file.status();
  if (!st) return;
  e.size += st->getSize();
  e.lastUsed = std::max<int64_t>(e.lastUsed, st->getLastModificationTime().time_since_epoch().count());
  e.files.push_back(file.path());
}

// Blocks by key ("<key>.manifest", "<key>-<hash>.pch", "<key>.prefix",
// "<key>.failed", "<key>-<hash>-<session>.blockfacts" and ".warmup"), facts
// entries and replay records by file.
std::vector<Entry> entriesOf(const std::string &dir) {
  std::map<std::string, Entry> byKey;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (it->type() != llvm::sys::fs::file_type::regular_file) continue;
    if (name.ends_with(".manifest")) {
      Entry &e = byKey[name.drop_back(9).str()];
      addFile(e, *it);
      std::rotate(e.files.begin(), e.files.end() - 1, e.files.end());
    } else if (name.ends_with(".pch") || name.ends_with(".blockfacts") || name.ends_with(".warmup")) {
      addFile(byKey[name.split('-').first.str()], *it);
    } else if (name.ends_with(".prefix") || name.ends_with(".failed")) {
      addFile(byKey[name.drop_back(7).str()], *it);
    }
  }
  std::vector<Entry> entries;
  for (auto &[key, e] : byKey) entries.push_back(std::move(e));
  // Facts entries and the records of runs that answer reruns (replay/ReplayRecord.h), each on its own.
  for (const char *kind : {"/facts", "/replay"}) {
    for (llvm::sys::fs::directory_iterator it(dir + kind, ec), end; it != end && !ec; it.increment(ec)) {
      if (it->type() != llvm::sys::fs::file_type::regular_file) continue;
      Entry e;
      e.facts = true;
      addFile(e, *it);
      entries.push_back(std::move(e));
    }
  }
  return entries;
}

}  // namespace

void boundCache(const std::string &dir, uint64_t limit) {
  if (dir.empty() || limit == 0) return;
  std::vector<Entry> entries = entriesOf(dir);
  uint64_t total = 0;
  for (const Entry &e : entries) total += e.size;
  if (total <= limit) return;
  // Blocks go first, least recently used first; facts entries only when no
  // block is left: evicting a facts entry saves kilobytes and costs a parse.
  std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
    return std::tie(a.facts, a.lastUsed) < std::tie(b.facts, b.lastUsed);
  });
  for (const Entry &e : entries) {
    if (total <= limit / 10 * 9) break;
    for (const std::string &f : e.files) llvm::sys::fs::remove(f);
    total -= e.size;
  }
}

uint64_t parseCacheSize(const std::string &text, bool &ok) {
  llvm::StringRef digits(text);
  uint64_t unit = 1;
  if (!digits.empty()) {
    switch (digits.back()) {
      case 'K': case 'k': unit = uint64_t(1) << 10; break;
      case 'M': case 'm': unit = uint64_t(1) << 20; break;
      case 'G': case 'g': unit = uint64_t(1) << 30; break;
      default: break;
    }
    if (unit != 1) digits = digits.drop_back();
  }
  uint64_t n = 0;
  ok = !digits.getAsInteger(10, n) && n > 0 && n <= UINT64_MAX / unit;
  return ok ? n * unit : 0;
}

}  // namespace nnlint
