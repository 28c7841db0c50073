#include "TextOutput.h"

#include "llvm/Support/MemoryBuffer.h"

#include <map>

namespace nnlint {
namespace {

class SourceLines {
 public:
  // The text of a 1-based line, or "" if the file cannot be read.
  std::string line(const std::string &file, unsigned n) {
    auto &lines = files_[file];
    if (lines.empty()) {
      auto buf = llvm::MemoryBuffer::getFile(file);
      if (!buf) return "";
      llvm::StringRef text = (*buf)->getBuffer();
      llvm::SmallVector<llvm::StringRef, 0> parts;
      text.split(parts, '\n');
      for (llvm::StringRef p : parts) lines.push_back(p.rtrim('\r').str());
    }
    return n >= 1 && n <= lines.size() ? lines[n - 1] : "";
  }

 private:
  std::map<std::string, std::vector<std::string>> files_;
};

void printOne(llvm::raw_ostream &os, SourceLines &lines, const SourcePoint &loc, const char *level,
              const std::string &message) {
  os << loc.file << ":" << loc.line << ":" << loc.column << ": " << level << ": " << message << "\n";
  std::string text = lines.line(loc.file, loc.line);
  if (text.empty()) return;
  std::string number = std::to_string(loc.line);
  std::string gutter(number.size() < 5 ? 5 - number.size() : 0, ' ');
  os << gutter << number << " | " << text << "\n";
  std::string caret;
  for (unsigned i = 1; i < loc.column && i <= text.size(); ++i) caret += text[i - 1] == '\t' ? '\t' : ' ';
  os << std::string(gutter.size() + number.size(), ' ') << " | " << caret << "^\n";
}

}  // namespace

void printText(const std::vector<Finding> &findings, llvm::raw_ostream &os) {
  SourceLines lines;
  for (const Finding &f : findings) {
    printOne(os, lines, f.loc, severityName(f.severity), f.message + " [" + f.check + "]");
    for (const RelatedNote &n : f.notes)
      if (n.loc.valid()) printOne(os, lines, n.loc, "note", n.message);
  }
}

}  // namespace nnlint
