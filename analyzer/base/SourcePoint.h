// A place in a source file, as findings and facts record it.
#pragma once

#include <string>

namespace nnlint {

struct SourcePoint {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  bool valid() const { return line != 0; }
  bool operator<(const SourcePoint &o) const {
    if (file != o.file) return file < o.file;
    if (line != o.line) return line < o.line;
    return column < o.column;
  }
  bool operator==(const SourcePoint &o) const {
    return file == o.file && line == o.line && column == o.column;
  }
};

}  // namespace nnlint
