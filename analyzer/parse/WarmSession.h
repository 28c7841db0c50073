// Parses an editor's buffer again and again against one precompiled include
// block, in one process. Most of a parse with a block is Sema reading
// LibTorch's declarations out of it; kept in memory, a later parse of the
// same file reads only what changed (docs/performance.md, "Typing").
#pragma once

#include "base/SourceFilter.h"
#include "index/FileResult.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Interpreter;
class TranslationUnitDecl;
}

namespace nnlint {

class EmptyDeclarations;  // WarmSession.cpp
class EndOfPart;          // WarmSession.cpp
class MacroChanges;       // WarmSession.cpp
class ErrorPlaces;  // parse/ErrorPlaces.h

// Whether the text after a block holds a preprocessor directive (or a
// `_Pragma`).
bool hasDirectives(llvm::StringRef text);

// Whether it holds one that would outlive a part taken back: an include
// guard or `#pragma once` of a header it includes, pragma state, ... (Undo
// leaves the preprocessor as it is). A macro's `#define` or `#undef` does
// not (the session gives the macros back, see warmUp), nor a conditional.
// A text with such directives is parsed in a fork of the session only,
// never to warm it up with that text.
bool hasLastingDirectives(llvm::StringRef text);

// The text with those directives blanked, lines kept: what warms a session
// up for such a text, when it parses; a parse of the text itself must then
// give what it gave before (lsp/ParseHost).
std::string withoutLastingDirectives(llvm::StringRef text);

// Where a text that parses without errors may end as a whole prefix
// (WarmSession::keepPrefix): its end, unless a text appended to it could
// join its last line's `//` comment or a line it continues (0).
size_t wholePrefixEnd(llvm::StringRef text);

// The last of `ends` (in order: WarmSession::prefixEnds) at or before
// `offset`, or 0.
size_t lastPrefixEndBefore(const std::vector<size_t> &ends, size_t offset);

// A text's offsets [begin, end).
using TextRanges = std::vector<std::pair<size_t, size_t>>;

// The text with each range turned into spaces, lines kept.
std::string withoutRanges(llvm::StringRef text, const TextRanges &ranges);

class WarmSession {
 public:
  // The session for a file compiled with `args` (nnlint's arguments, see
  // adjustArguments, with -include-pch) whose include block ends with the
  // directives `tail` (those the PCH does not hold); an error when Clang
  // cannot be set up with them. `pchHoldsUserCode`: the PCH holds user
  // headers, whose declarations the index of the block walks.
  // `blockFactsPath`, when given, keeps that index for the next session of
  // the same block and arguments: read from there when it holds it, else
  // walked and written there (a vendored header-only library's walk took a
  // tenth of a second of each reopened file's first edit).
  static llvm::Expected<std::unique_ptr<WarmSession>> open(const std::vector<std::string> &args,
                                                           const std::string &tail, const SourceFilter &filter,
                                                           bool pchHoldsUserCode,
                                                           const std::string &blockFactsPath = "");
  ~WarmSession();

  // The index of `blankedText` (the file with its block blanked out) read as
  // `file`. A text with errors is indexed as Clang recovered it, with the
  // usual parse's recovery (parse/Recovery.h), errors and first error. None
  // when the text must take the usual path instead: a fatal error (a
  // missing #include), or an error past the text's end.
  // The result's inputs are the user headers the block read, as they were
  // when the session opened, and those the text includes; the caller adds
  // the file. The parse stays in the
  // session and may crash on an error (a Clang 19 bug): call it in a process
  // that ends after it, forked from the one that holds the session.
  // `canWarmUp`: whether warmUp() could take the text back. A session whose
  // tail has errors (a user header's) opens, and adds them to every result:
  // the usual parse reads them first.
  std::optional<FileResult> index(const std::string &file, const std::string &blankedText, const SourceFilter &filter,
                                  bool &canWarmUp);

  // After index() of a text with errors of its own, in the same process:
  // the declarations that hold them, each the outermost one that is not a
  // namespace, in the text. Without them (withoutRanges), the text may warm
  // the session up for the edits that keep those errors (lsp/ParseHost).
  TextRanges declarationsWithErrors() const;

  // Parses a text that index() took and takes it back (parse/PartUnloader):
  // what Sema read from the block for it stays, so that later parses, forked
  // from this one, read only what is new. The macros it defined or undefined
  // are put back as the block left them. False when the part could not be
  // taken back: then the session must not be used again.
  bool warmUp(const std::string &file, const std::string &blankedText);
  bool warm() const { return warm_; }
  // The kept prefix: the first top-level declarations of a text, parsed once
  // and left in the session with their facts walked, so that index() of a
  // text that starts with the same bytes parses only the rest of it (an edit
  // at the end of a file parses the edit, not the file). Keeping one warms
  // the session up; a text whose prefix it does not hold is refused by
  // index() until dropPrefix().
  enum class Prefix { Kept, NotKept, Broken };
  // Keeps `blankedText`'s first `end` bytes: NotKept when they hold a
  // directive that would outlive them (hasLastingDirectives) or leave a
  // conditional open, or a prefix is kept already; Broken when they do not
  // parse without an error, or not to their end (the part stays): then the
  // session must not be used again. `end` must end a top-level
  // declaration: wholePrefixEnd(), sharedPrefixEnd() or one of prefixEnds().
  Prefix keepPrefix(const std::string &file, const std::string &blankedText, size_t end, const SourceFilter &filter);
  bool hasPrefix() const { return prefixPart_ != nullptr; }
  size_t prefixSize() const { return prefixText_.size(); }
  // Whether index() parses only the rest of `blankedText`.
  bool prefixFits(const std::string &file, const std::string &blankedText) const;
  // How much of the kept prefix a text that does not fit still shares: the
  // start of the first top-level declaration of the prefix, on a line of
  // its own, that the text changes or follows a change of (0: none).
  size_t sharedPrefixEnd(const std::string &blankedText) const;
  // After index() of a text without errors, in the same process: where a
  // prefix of it may end (topLevelBoundaries), in order; with a kept
  // prefix, those after it.
  std::vector<size_t> prefixEnds(const std::string &blankedText) const;
  // Takes the prefix back; false when it could not be (parse/PartUnloader):
  // then the session must not be used again.
  bool dropPrefix();

  // Whether the last index() grew one of Clang's uniquing tables
  // (parse/UniquingTables.h), which open() and warmUp() leave room in.
  bool grewTables() const { return grewTables_; }
  // The errors of the tail, which every result holds.
  unsigned tailErrors() const;

  // Whether the user headers the block read (through the PCH or the tail)
  // still read as they did when the session opened: a session of an edited
  // header must not be used.
  bool userHeadersUnchanged() const;
  const std::vector<SourceInput> &userHeaders() const { return userHeaders_; }

 private:
  WarmSession(std::unique_ptr<ErrorPlaces> tailErrors, clang::TranslationUnitDecl *tailPart,
              std::unique_ptr<clang::Interpreter> interpreter, EndOfPart &endOfPart, MacroChanges &macroChanges,
              std::vector<SourceInput> userHeaders, ModelIndex blockIndex);
  // The text's part; with errors (errors_), the part Clang recovered.
  clang::TranslationUnitDecl *parse(const std::string &file, const std::string &blankedText);
  // Takes a part back out of the session (warmUp, dropPrefix); false when
  // it cannot be or could not be.
  bool takeBack(clang::TranslationUnitDecl *part);
  // Where the top-level declarations of a part just parsed from `text`
  // begin on a line of their own, outside any conditional, after empty
  // declarations only, and the text's end if it ends so: where a prefix of
  // the text may end.
  std::vector<size_t> topLevelBoundaries(const clang::TranslationUnitDecl *part, llvm::StringRef text) const;
  // The last parse's errors and empty declarations: the diagnostics'
  // consumers, which outlive the interpreter.
  std::unique_ptr<EmptyDeclarations> emptyDeclarations_;
  std::unique_ptr<ErrorPlaces> errors_;
  std::unique_ptr<ErrorPlaces> tailErrors_;  // the tail's, when the session opened
  std::unique_ptr<clang::Interpreter> interpreter_;
  EndOfPart &endOfPart_;  // the preprocessor's
  MacroChanges &macroChanges_;  // the preprocessor's
  clang::TranslationUnitDecl *tailPart_;  // none without a tail
  size_t textBegin_ = 0, textEnd_ = 0;  // where the last parse's text is in its part
  clang::TranslationUnitDecl *lastPart_ = nullptr;
  std::vector<SourceInput> userHeaders_;
  // The facts of the block's declarations (the PCH's user headers and the
  // tail), walked once when the session opens: each index walks only the
  // file's own part and adds these.
  ModelIndex blockIndex_;
  unsigned counterAfterBlock_;
  bool warm_ = false;
  bool grewTables_ = false;
  // The kept prefix: its part, text, facts and where a shorter prefix may
  // end (sharedPrefixEnd), and __COUNTER__ after it.
  clang::TranslationUnitDecl *prefixPart_ = nullptr;
  std::string prefixFile_, prefixText_;
  ModelIndex prefixIndex_;
  std::vector<size_t> prefixBoundaries_;
  unsigned counterAtText_;
  // The parts each index leaves out: the block's, and those taken back
  // (which stay in the translation unit's chain of parts).
  std::vector<const clang::TranslationUnitDecl *> leftOut_;
};

}  // namespace nnlint
