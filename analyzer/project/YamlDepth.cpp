#include "project/YamlDepth.h"

#include <algorithm>

namespace nnlint {

// Block nesting needs more indentation or one more indicator ("- ", "? ",
// ": ") on the same line; flow nesting needs an unclosed [ or {. The bound
// is indentation + indicators on the line + open brackets. Every bracket
// opens (even one inside a string); a bracket closes only outside what may
// be a quoted string or a comment, so the count never falls below the real
// depth of flow collections.
size_t yamlDepthBound(llvm::StringRef text, size_t limit) {
  size_t deepest = 0;
  size_t flow = 0;
  char quote = 0;  // the quote character of a string that may be open
  bool lineStart = true;
  bool comment = false;
  size_t indent = 0, indicators = 0;
  char previous = '\n';  // last character that is not a blank
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\n';
    bool blankNext = next == ' ' || next == '\t' || next == '\n' || next == '\r';
    if (c == '\n') {
      lineStart = true;
      comment = false;
      indent = indicators = 0;
      previous = '\n';
      continue;
    }
    if (lineStart && c == ' ') {
      ++indent;
    } else {
      lineStart = false;
    }
    if (c == '[' || c == '{') ++flow;
    if (quote) {
      if (c == '\\' && quote == '"') ++i;
      else if (c == quote) quote = 0;  // '' inside '...' closes and reopens: the same for this count
    } else if (!comment) {
      if ((c == ']' || c == '}') && flow > 0) --flow;
      if ((c == '-' || c == '?' || c == ':') && blankNext) ++indicators;
      // A quoted string starts a node: after a blank, an indicator or a line start.
      bool atNodeStart = previous == '\n' || llvm::StringRef(" \t-?:,[{!&").contains(text[i - 1]);
      if ((c == '\'' || c == '"') && atNodeStart) quote = c;
      if (c == '#' && (previous == '\n' || text[i - 1] == ' ' || text[i - 1] == '\t')) comment = true;
    }
    if (c != ' ' && c != '\t') previous = c;
    deepest = std::max(deepest, indent + indicators + flow);
    if (deepest > limit) return deepest;
  }
  return deepest;
}

}  // namespace nnlint
