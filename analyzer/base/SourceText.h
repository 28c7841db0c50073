// The text of the files findings point into, read once per run: for
// suppression comments, SARIF regions and fix-it offsets.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace nnlint {

class SourceText {
 public:
  // The whole file, or nullptr if it cannot be read.
  const std::string *contents(const std::string &file);
  // 1-based line without its line break, or "" when out of range.
  std::string line(const std::string &file, unsigned n);
  unsigned lineCount(const std::string &file);
  // Uses `text` for `file` instead of what is on disk (an editor's buffer).
  void setContents(const std::string &file, std::string text);
  // Byte offset of a 1-based line and byte column, if inside the file.
  std::optional<unsigned> offset(const std::string &file, unsigned line, unsigned column);

 private:
  struct File {
    bool readable = false;
    std::string text;
    std::vector<unsigned> lineStarts;
  };
  const File &load(const std::string &file);
  static void indexLines(File &f);
  std::map<std::string, File> files_;
};

}  // namespace nnlint
