// What a command-line run answered, and the state of every path it looked at
// (base/InputLog.h), kept so that the same command answers again without
// starting the analyzer while none of those paths has changed: a rerun on
// unchanged input costs a few stats (ninja's and ccache's approach).
//
// A path's state is what stat() says: absent, or its type and inode, and for
// a regular file its size and its modification and change times. Any write
// to a file moves its change time, which nothing can set back, so an equal
// state is unchanged content. A file changed within a second before the run
// began could be changed again with the same times (a file system's clock is
// coarse): such a run keeps no record.
//
// Plain C++ without LLVM: the front (driver/Front.cpp) links only this.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace nnlint::replay {

struct PathState {
  std::string path;
  char kind = 'a';  // 'a' absent, 'f' regular file, 'd' directory, 'o' other, 'e' stat failed otherwise
  uint64_t device = 0, inode = 0, size = 0;
  int64_t modified = 0, changed = 0;  // nanoseconds since the epoch; regular files only
  int error = 0;                      // kind 'e': errno

};

bool operator==(const PathState &a, const PathState &b);

PathState stateOf(const std::string &path);
// "<kind> <device> <inode> <size> <modified> <changed> <error>": what a record
// keeps of a state, and the analyzer's part of a key (Invocation.h).
std::string stateFields(const PathState &state);

struct Record {
  std::string key;  // the invocation (Invocation.h), compared whole
  int exitCode = 0;
  std::vector<PathState> paths;
  std::string out, err;  // standard output and standard error
};

std::string serialize(const Record &record);
// nullopt for anything but a whole record of this format.
std::optional<Record> parseRecord(const std::string &text);

// Every path is as recorded.
bool unchanged(const Record &record);

// No regular file among `paths` was modified or changed at or after
// `notBefore` (nanoseconds since the epoch).
bool settledBefore(const std::vector<PathState> &paths, int64_t notBefore);

}  // namespace nnlint::replay
