#include "base/SourceText.h"

#include "llvm/Support/MemoryBuffer.h"

namespace nnlint {

const SourceText::File &SourceText::load(const std::string &file) {
  auto [it, inserted] = files_.try_emplace(file);
  File &f = it->second;
  if (!inserted) return f;
  auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf) return f;
  f.readable = true;
  f.text = (*buf)->getBuffer().str();
  indexLines(f);
  return f;
}

void SourceText::indexLines(File &f) {
  f.lineStarts.clear();
  f.lineStarts.push_back(0);
  for (unsigned i = 0; i < f.text.size(); ++i)
    if (f.text[i] == '\n' && i + 1 < f.text.size()) f.lineStarts.push_back(i + 1);
}

void SourceText::setContents(const std::string &file, std::string text) {
  File &f = files_[file];
  f.readable = true;
  f.text = std::move(text);
  indexLines(f);
}

const std::string *SourceText::contents(const std::string &file) {
  const File &f = load(file);
  return f.readable ? &f.text : nullptr;
}

unsigned SourceText::lineCount(const std::string &file) {
  const File &f = load(file);
  return f.readable && !f.text.empty() ? f.lineStarts.size() : 0;
}

std::string SourceText::line(const std::string &file, unsigned n) {
  const File &f = load(file);
  if (n < 1 || n > lineCount(file)) return "";
  unsigned begin = f.lineStarts[n - 1];
  size_t end = f.text.find('\n', begin);
  std::string text = f.text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  if (!text.empty() && text.back() == '\r') text.pop_back();
  return text;
}

std::optional<unsigned> SourceText::offset(const std::string &file, unsigned line, unsigned column) {
  const File &f = load(file);
  if (line < 1 || line > lineCount(file) || column < 1) return std::nullopt;
  unsigned lineEnd = line < f.lineStarts.size() ? f.lineStarts[line] : f.text.size();
  unsigned at = f.lineStarts[line - 1] + column - 1;
  if (at > lineEnd) return std::nullopt;
  return at;
}

}  // namespace nnlint
