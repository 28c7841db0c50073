#include "parse/PchBlock.h"

#include "llvm/Support/FileSystem.h"

#include <cctype>

namespace nnlint {
namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

size_t skipBlanks(const std::string &s, size_t i, size_t end) {
  while (i < end && isBlank(s[i])) ++i;
  return i;
}

// Whether the line [i, end) ends in a backslash (blanks after it allowed),
// continuing onto the next one.
bool continues(const std::string &s, size_t i, size_t end) {
  size_t last = end;
  while (last > i && isBlank(s[last - 1])) --last;
  return last > i && s[last - 1] == '\\';
}

// True when [i, end) holds only blanks and perhaps a // comment, and the line
// does not continue onto the next one.
bool restOfLineIsEmpty(const std::string &s, size_t i, size_t end) {
  if (continues(s, i, end)) return false;
  i = skipBlanks(s, i, end);
  return i == end || s.compare(i, 2, "//") == 0;
}

// The header named by an #include directive that starts at `i`, with its
// delimiters ("x.h" or <x.h>), or "" when the line is something else.
std::string includedName(const std::string &s, size_t i, size_t end) {
  if (i >= end || s[i] != '#') return "";
  i = skipBlanks(s, i + 1, end);
  if (s.compare(i, 7, "include") != 0) return "";
  i = skipBlanks(s, i + 7, end);
  if (i >= end || (s[i] != '<' && s[i] != '"')) return "";
  char close = s[i] == '<' ? '>' : '"';
  size_t stop = s.find(close, i + 1);
  if (stop == std::string::npos || stop >= end || stop == i + 1) return "";
  if (!restOfLineIsEmpty(s, stop + 1, end)) return "";
  return s.substr(i, stop + 1 - i);
}

// A UTF-8 byte order mark, which Clang skips at the start of a file.
constexpr const char *kByteOrderMark = "\xEF\xBB\xBF";

bool startsWithByteOrderMark(const std::string &text) { return text.compare(0, 3, kByteOrderMark) == 0; }

// The word after the '#' of a directive that starts at `i` ("pragma",
// "ifndef"), and in `rest` what follows it on the line, trimmed.
std::string directiveWord(const std::string &s, size_t i, size_t end, std::string &rest) {
  if (i >= end || s[i] != '#') return "";
  i = skipBlanks(s, i + 1, end);
  size_t w = i;
  while (w < end && (std::isalnum(static_cast<unsigned char>(s[w])) || s[w] == '_')) ++w;
  size_t r = skipBlanks(s, w, end), last = end;
  while (last > r && isBlank(s[last - 1])) --last;
  rest = s.substr(r, last - r);
  return s.substr(i, w - i);
}

// Whether the line at `i` is part of an include guard at the top of a header:
// `#pragma once`, or `#ifndef X` and then `#define X` (`guard` holds X between
// them). A source file may start with `#pragma once` too (Clang warns and
// ignores it there, wherever it stands), but not with a guard.
bool isGuardLine(const std::string &s, size_t i, size_t end, bool header, std::string &guard, bool &guardDone) {
  std::string rest;
  std::string word = directiveWord(s, i, end, rest);
  if (word == "pragma") return rest == "once";
  if (guardDone || !header) return false;
  bool name = !rest.empty() && rest.find_first_of(" \t/") == std::string::npos;
  if (word == "ifndef" && guard.empty() && name) {
    guard = rest;
    return true;
  }
  if (word == "define" && !guard.empty() && rest == guard) {
    guardDone = true;
    return true;
  }
  return false;
}

// An identifier alone, as `#undef` takes it (no comment or continuation after it).
bool isMacroName(const std::string &s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// Whether a `#pragma` (its text after the word) changes at most which
// warnings are reported: an MSVC `warning` pragma (Clang ignores it outside
// MS mode), a GCC or Clang `diagnostic` one, a `region` or `message`. None
// that makes a warning an error: that could fail a library header's parse.
bool changesOnlyWarnings(const std::string &rest) {
  if (rest.find("error") != std::string::npos || rest.find("fatal") != std::string::npos) return false;
  size_t at = 0;
  auto word = [&] {
    while (at < rest.size() && isBlank(rest[at])) ++at;
    size_t from = at;
    while (at < rest.size() && (std::isalnum(static_cast<unsigned char>(rest[at])) || rest[at] == '_')) ++at;
    return rest.substr(from, at - from);
  };
  std::string first = word();
  if (first == "warning" || first == "region" || first == "endregion" || first == "message") return true;
  return (first == "GCC" || first == "clang") && word() == "diagnostic";
}

// An #include line's directive as a block holds it (a quoted name found
// next to the file with its full path); "" to end the block there.
std::string blockInclude(std::string name, const std::string &sourceDir) {
  if (name[0] == '"') {
    std::string bare = name.substr(1, name.size() - 2);
    std::string local = sourceDir + "/" + bare;
    if (!bare.empty() && bare[0] != '/' && llvm::sys::fs::is_regular_file(local)) {
      name = "\"" + local + "\"";
    } else if (bare == kBlockHeaderName) {
      return "";  // would find the block header itself
    }
  }
  return "#include " + name;
}

IncludeBlock findBlock(const std::string &text, const std::string &sourceDir, bool header) {
  IncludeBlock block;
  std::string guard;
  bool guardDone = false;
  size_t pos = startsWithByteOrderMark(text) ? 3 : 0;
  bool inComment = false;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    size_t i = skipBlanks(text, pos, end);
    if (inComment) {
      size_t close = text.find("*/", pos);
      if (close == std::string::npos || close >= end) {
        pos = end + 1;
        continue;
      }
      inComment = false;
      if (!restOfLineIsEmpty(text, close + 2, end)) break;
    } else if (i == end) {
      // blank line
    } else if (text.compare(i, 2, "//") == 0) {
      if (!restOfLineIsEmpty(text, i, end)) break;
    } else if (text.compare(i, 2, "/*") == 0) {
      size_t close = text.find("*/", i + 2);
      if (close == std::string::npos || close >= end) {
        inComment = true;
      } else if (!restOfLineIsEmpty(text, close + 2, end)) {
        break;
      }
    } else if (block.empty() && isGuardLine(text, i, end, header, guard, guardDone)) {
      // the guard of a header, before its includes
      if (!header) block.ignoredPragmas.push_back({"#pragma once", pos, end});
    } else {
      if (!guard.empty() && !guardDone) break;  // #ifndef X without its #define X
      std::string name = includedName(text, i, end);
      std::string rest;
      std::string word = name.empty() && header ? directiveWord(text, i, end, rest) : "";
      if (word == "undef" && isMacroName(rest)) {
        block.undefs.push_back({rest, block.directives.size()});
        pos = end + 1;
        continue;
      }
      // Read past: the header runs it again after the lead's headers, on
      // which it changes nothing nnlint reads.
      if (word == "pragma" && changesOnlyWarnings(rest)) {
        pos = end + 1;
        continue;
      }
      if (name.empty()) break;
      std::string directive = blockInclude(name, sourceDir);
      if (directive.empty()) break;
      block.directives.push_back({directive, pos, end});
    }
    pos = end + 1;
  }
  if (guardDone) block.guard = guard;
  return block;
}

}  // namespace

IncludeBlock findIncludeBlock(const std::string &text, const std::string &sourceDir) {
  return findBlock(text, sourceDir, /*header=*/false);
}

IncludeBlock findHeaderIncludeBlock(const std::string &text, const std::string &headerDir) {
  return findBlock(text, headerDir, /*header=*/true);
}

void takeInIncludeGroups(IncludeBlock &block, const std::string &text, const std::string &sourceDir) {
  if (block.empty()) return;
  std::vector<IncludeBlock::Directive> group;
  int depth = 0;
  size_t pos = block.directives.back().end + 1;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    size_t i = skipBlanks(text, pos, end);
    std::string rest, word = directiveWord(text, i, end, rest);
    std::string name = includedName(text, i, end);
    std::string include = name.empty() ? "" : blockInclude(name, sourceDir);
    if (continues(text, pos, end) || text.substr(i, end - i).find("/*") != std::string::npos) {
      break;
    } else if (i == end || text.compare(i, 2, "//") == 0) {
      // blank, or a comment
    } else if (word == "if" || word == "ifdef" || word == "ifndef") {
      ++depth;
      group.push_back({text.substr(i, end - i), pos, end});
    } else if (depth > 0 && (word == "elif" || word == "elifdef" || word == "elifndef" || word == "else")) {
      group.push_back({text.substr(i, end - i), pos, end});
    } else if (depth > 0 && word == "endif") {
      group.push_back({text.substr(i, end - i), pos, end});
      if (--depth == 0) {
        block.directives.insert(block.directives.end(), group.begin(), group.end());
        group.clear();
      }
    } else if (!include.empty()) {
      (depth > 0 ? group : block.directives).push_back({include, pos, end});
    } else {
      break;
    }
    pos = end + 1;
  }
}

std::string IncludeBlock::header(size_t count) const {
  std::string out;
  for (size_t i = 0; i < count && i < directives.size(); ++i) out += directives[i].text + "\n";
  return out;
}

size_t IncludeBlock::directiveOnLine(size_t line) const {
  return line >= 1 && line <= directives.size() ? line - 1 : directives.size();  // one line each: a continued one ends the block
}

std::string IncludeBlock::blanked(const std::string &text, size_t count) const {
  std::string out = text;
  // Clang skips the mark only at the start of a buffer; the warm parse puts a
  // #line before the text. Spaces keep every column where it was.
  if (count > 0 && startsWithByteOrderMark(out)) out.replace(0, 3, "   ");
  auto blank = [&](const Directive &d) {
    for (size_t k = d.begin; k < d.end && k < out.size(); ++k) out[k] = ' ';
  };
  for (size_t i = 0; i < count && i < directives.size(); ++i) blank(directives[i]);
  if (count > 0)
    for (const Directive &d : ignoredPragmas) blank(d);
  return out;
}

}  // namespace nnlint
