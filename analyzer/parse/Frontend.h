// Parses one file with Clang: the parse library's entry (parseFile, with a
// consumer of the AST) and the model index of one file built on it.
#pragma once

#include "base/SourceFilter.h"
#include "index/FileResult.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CompilerInstance;
}

namespace nnlint {

struct WarmRequest;  // parse/WarmRequest.h

struct ParseOptions {
  std::string resourceDir;
  std::string clangPath;  // the clang++ that matches resourceDir, to find the standard library
  bool skipLibraryBodies = true;
  // The file only lends its facts to the files a run names
  // (SpeedOptions::lendersOnly): the bodies of functions that the user's
  // headers define before the first user module class is defined are
  // skipped as library bodies are. No such body can name a module class but
  // through a template parameter; each names what it calls, so a helper's
  // summary is lost, which only ever makes a check silent (the named files
  // read such headers themselves and summarise them).
  bool lending = false;
  // Editor buffers that differ from the files on disk: absolute path -> text.
  std::map<std::string, std::string> unsaved;
  // Asked first for an unsaved buffer that begins with an include block;
  // none means parse it here. The result's inputs lack the file's own entry,
  // which the caller adds.
  std::function<std::optional<FileResult>(const WarmRequest &)> warm;
};


// A short hash of a file's text, for telling whether it changed.
std::string hashText(llvm::StringRef text);
// hashText of the file as it is now; "missing" when it is not a regular
// file (also /dev/zero or a FIFO, which would never end).
std::string hashFileNow(const std::string &path);

// A precompiled include block (see Pch.h) to parse a file with: the PCH and
// the file's text with the block's lines blanked out.
struct PchUse {
  std::string pch;
  std::string blankedText;
  std::string textHash;  // hashText of the text blankedText was made from: what the parse reads
  bool holdsUserCode = true;  // the index must walk the declarations the PCH holds
  // Macros whose first `#undef` in the parse must find them undefined: the
  // PCH stands for lines of a header that come after such an #undef
  // (PchLead.h). One that is defined fails the parse.
  std::vector<std::string> undefined;
};

class ErrorPlaces;  // parse/ErrorPlaces.h

// What a parse hands its consumer: the translation unit, where its errors
// are, and whether the declarations of the precompiled block (if any) are
// user code that an index must walk. Valid during the call only.
struct ParsedUnit {
  clang::CompilerInstance &compiler;
  clang::ASTContext &ast;
  const ErrorPlaces &errors;
  bool walkPrecompiled;
};
using AstConsumer = llvm::function_ref<void(const ParsedUnit &)>;

// How a parse ended.
struct ParseStatus {
  bool ran = false;  // Clang ran to the end
  unsigned errors = 0;
  std::string firstError;
  SourcePoint firstErrorLoc;
  bool missingInclude = false;  // an #include was not found
  std::vector<std::string> absentFiles;  // FileResult::absentFiles
  bool undefinedFailed = false;  // an #undef found a macro of PchUse::undefined defined
};

// Parses the command's file (its editor buffer, if any), with the block
// `pch` when given, and hands the translation unit to `consumer` (not
// called when Clang could not set the parse up).
ParseStatus parseFile(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts, const SourceFilter &filter,
                      const PchUse *pch, AstConsumer consumer);

// parseFile with the model index as its consumer: the file's facts (less
// what an error could have touched: Recovery.h), its inputs and its errors.
// `blockMayBeAtFault`, with `pch`: whether the PCH may have caused the
// errors (an error in a library header, a fatal one, one without a place,
// an #undef the PCH cannot stand for), so that a plain parse must confirm
// them; else they are the file's and its user headers' own.
FileResult indexFile(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts,
                     const SourceFilter &filter, const PchUse *pch = nullptr, bool *blockMayBeAtFault = nullptr);

// The user's files (not system or library headers) that the parse read, but
// the main file: read as Clang read them, or, when they came in through a
// precompiled block (which Clang checked against their size and time), as
// they are now if their size and time are still those the block recorded
// (else a hash no text has: the facts came from another text). A block of library headers only has none to list, and
// walking its thousands of inputs would cost a fifth of an editor's re-analysis.
std::vector<SourceInput> userInputs(clang::CompilerInstance &ci, const SourceFilter &filter, bool walkPrecompiled);

// The absolute, normalised path of the command's file.
std::string sourcePath(const clang::tooling::CompileCommand &cmd);

// The compiler arguments nnlint runs Clang with for a compile command.
std::vector<std::string> adjustArguments(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts);

}  // namespace nnlint
