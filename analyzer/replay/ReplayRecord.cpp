#include "replay/ReplayRecord.h"

#include <sys/stat.h>

#include <cerrno>
#include <charconv>

namespace nnlint::replay {
namespace {

constexpr const char *kFormat = "nnlint-replay 1\n";

int64_t nanoseconds(const timespec &t) { return int64_t(t.tv_sec) * 1000000000 + t.tv_nsec; }

void addBytes(std::string &out, const char *label, const std::string &bytes) {
  out += label;
  out += ' ' + std::to_string(bytes.size()) + '\n';
  out += bytes;
  out += '\n';
}

// Reads the record's text from the front, field by field; any mismatch
// leaves it failed.
class Reader {
 public:
  explicit Reader(const std::string &text) : text_(text) {}
  bool failed() const { return failed_; }
  bool atEnd() const { return pos_ == text_.size(); }

  bool literal(const std::string &s) {
    if (failed_ || text_.compare(pos_, s.size(), s) != 0) return fail();
    pos_ += s.size();
    return true;
  }
  // The next word, up to a space or a line break (consumed).
  std::string word() {
    size_t end = text_.find_first_of(" \n", pos_);
    if (failed_ || end == std::string::npos) {
      fail();
      return "";
    }
    std::string w = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return w;
  }
  template <typename T>
  T number() {
    std::string w = word();
    T value{};
    auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), value);
    if (ec != std::errc() || end != w.data() + w.size() || w.empty()) fail();
    return value;
  }
  // "<n>\n<n bytes>\n", after the label.
  std::string bytes() {
    size_t n = number<size_t>();
    if (failed_ || n > text_.size() - pos_ || text_.size() - pos_ - n < 1 || text_[pos_ + n] != '\n') {
      fail();
      return "";
    }
    std::string b = text_.substr(pos_, n);
    pos_ += n + 1;
    return b;
  }
  bool peek(const std::string &s) const { return !failed_ && text_.compare(pos_, s.size(), s) == 0; }

 private:
  bool fail() {
    failed_ = true;
    return false;
  }
  const std::string &text_;
  size_t pos_ = 0;
  bool failed_ = false;
};

}  // namespace

bool operator==(const PathState &a, const PathState &b) {
  return a.path == b.path && a.kind == b.kind && a.device == b.device && a.inode == b.inode && a.size == b.size &&
         a.modified == b.modified && a.changed == b.changed && a.error == b.error;
}

PathState stateOf(const std::string &path) {
  PathState s;
  s.path = path;
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno != ENOENT && errno != ENOTDIR) {
      s.kind = 'e';
      s.error = errno;
    }
    return s;
  }
  s.device = st.st_dev;
  s.inode = st.st_ino;
  if (S_ISREG(st.st_mode)) {
    s.kind = 'f';
    s.size = st.st_size;
    s.modified = nanoseconds(st.st_mtim);
    s.changed = nanoseconds(st.st_ctim);
  } else {
    s.kind = S_ISDIR(st.st_mode) ? 'd' : 'o';
  }
  return s;
}

std::string stateFields(const PathState &p) {
  std::string fields(1, p.kind);
  for (int64_t n : {int64_t(p.device), int64_t(p.inode), int64_t(p.size), p.modified, p.changed, int64_t(p.error)})
    fields += ' ' + std::to_string(n);
  return fields;
}

std::string serialize(const Record &record) {
  std::string out = kFormat;
  addBytes(out, "key", record.key);
  out += "exit " + std::to_string(record.exitCode) + '\n';
  for (const PathState &p : record.paths) {
    out += "path " + stateFields(p);
    addBytes(out, "", p.path);
  }
  addBytes(out, "stdout", record.out);
  addBytes(out, "stderr", record.err);
  out += "end\n";
  return out;
}

std::optional<Record> parseRecord(const std::string &text) {
  Reader in(text);
  Record r;
  in.literal(kFormat);
  in.literal("key ");
  r.key = in.bytes();
  in.literal("exit ");
  r.exitCode = in.number<int>();
  while (in.peek("path ")) {
    in.literal("path ");
    PathState p;
    std::string kind = in.word();
    if (kind.size() != 1) return std::nullopt;
    p.kind = kind[0];
    p.device = uint64_t(in.number<int64_t>());
    p.inode = uint64_t(in.number<int64_t>());
    p.size = uint64_t(in.number<int64_t>());
    p.modified = in.number<int64_t>();
    p.changed = in.number<int64_t>();
    p.error = int(in.number<int64_t>());
    p.path = in.bytes();
    r.paths.push_back(std::move(p));
  }
  in.literal("stdout ");
  r.out = in.bytes();
  in.literal("stderr ");
  r.err = in.bytes();
  in.literal("end\n");
  if (in.failed() || !in.atEnd()) return std::nullopt;
  return r;
}

bool unchanged(const Record &record) {
  for (const PathState &p : record.paths)
    if (!(stateOf(p.path) == p)) return false;
  return true;
}

bool settledBefore(const std::vector<PathState> &paths, int64_t notBefore) {
  for (const PathState &p : paths)
    if (p.kind == 'f' && (p.modified >= notBefore || p.changed >= notBefore)) return false;
  return true;
}

}  // namespace nnlint::replay
