// The leading #include block of a source file: the part a precompiled header
// can stand in for exactly.
#pragma once

#include <string>
#include <vector>

namespace nnlint {

// The name of the header that holds a block's directives when it is
// precompiled; it sits alone in its directory (see PchCache).
inline constexpr const char *kBlockHeaderName = "nnlint-include-block.h";

struct IncludeBlock {
  struct Directive {
    std::string text;  // "#include <torch/torch.h>"
    size_t begin = 0, end = 0;  // its line in the file, without the newline
  };
  std::vector<Directive> directives;
  // `#pragma once` lines of a source file before its includes: Clang ignores
  // them in the main file, and blanked with the block they leave the warm
  // parse a text without directives.
  std::vector<Directive> ignoredPragmas;
  // A header's `#undef X` lines among its leading includes (findHeaderIncludeBlock
  // only): X, and how many of the block's directives come before the line.
  struct Undef {
    std::string name;
    size_t after = 0;
  };
  std::vector<Undef> undefs;
  std::string guard;  // a header's include guard macro (`#ifndef X` + `#define X`), or ""
  bool empty() const { return directives.empty(); }
  // The first `count` directives, one a line: the source of a PCH.
  std::string header(size_t count) const;
  // The index of the directive on line `line` (from 1) of header();
  // directives.size() when none is.
  size_t directiveOnLine(size_t line) const;
  // `text` with the lines of the first `count` directives (and, when count > 0,
  // the ignored pragmas), and a byte order mark before them, turned into spaces (every other byte, so every line and
  // column, stays where it was).
  std::string blanked(const std::string &text, size_t count) const;
};

// The #include directives at the top of `text`, before anything else but
// blank lines and comments. A quoted include found next to the file
// (`sourceDir`) is rewritten with its full path, so the block means the same
// wherever it is compiled. Anything else (#define, #if, #pragma, code, a
// macro include, a line continuation) ends the block. A UTF-8 byte order
// mark may come first, as Windows editors write it.
IncludeBlock findIncludeBlock(const std::string &text, const std::string &sourceDir);

// `block` (of `text`, from findIncludeBlock) with the conditional groups of
// #include lines that come right after it (`#ifndef _WIN32`, `#include
// <unistd.h>`, `#else`, ..., `#endif`, blank and `//` lines between) taken in
// as directives of their own lines. Nothing comes between the block and such
// a group, so a warm session can read it with the block, as the file does
// (the editor's: its text then has no #include left that would outlive a
// part). Not for a PCH: the lines of a group are not one block each.
void takeInIncludeGroups(IncludeBlock &block, const std::string &text, const std::string &sourceDir);

// The same for a header: its #include lines may come after `#pragma once` or
// an include guard (`#ifndef X` then `#define X`), and `#undef X` lines may
// come among them (recorded in `undefs`; PchLead.h decides whether they
// change anything), and pragmas that change at most which warnings are
// reported (`#pragma warning(push)`, `#pragma GCC diagnostic ignored ...`).
IncludeBlock findHeaderIncludeBlock(const std::string &text, const std::string &headerDir);

}  // namespace nnlint
