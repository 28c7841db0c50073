#include "parse/Frontend.h"

#include "flow/TorchTypes.h"
#include "parse/ErrorPlaces.h"
#include "parse/PchBlock.h"
#include "parse/Recovery.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/ASTReader.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/xxhash.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace nnlint {
namespace {

std::string absoluteIn(llvm::vfs::FileSystem &fs, llvm::StringRef name) {
  llvm::SmallString<256> p(name);
  if (!llvm::sys::path::is_absolute(p)) fs.makeAbsolute(p);
  return normalisePath(std::string(p));
}

}  // namespace

std::vector<SourceInput> userInputs(CompilerInstance &ci, const SourceFilter &filter, bool walkPrecompiled) {
  std::vector<SourceInput> out;
  std::set<std::string> seen;
  SourceManager &sm = ci.getSourceManager();
  llvm::vfs::FileSystem &fs = sm.getFileManager().getVirtualFileSystem();
  OptionalFileEntryRef main = sm.getFileEntryRefForID(sm.getMainFileID());
  // Looking a file up below may add to the table: take the list first.
  std::vector<std::pair<FileEntryRef, llvm::MemoryBufferRef>> read;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it)
    if (std::optional<llvm::MemoryBufferRef> text = it->second->getBufferIfLoaded())
      if (!main || it->first != *main) read.emplace_back(it->first, *text);
  for (const auto &[file, text] : read) {
    FileID id = sm.translateFile(file);
    if (id.isValid() && SrcMgr::isSystem(sm.getFileCharacteristic(sm.getLocForStartOfFile(id)))) continue;
    std::string path = absoluteIn(fs, file.getName());
    if (filter.isLibraryPath(path) || !seen.insert(path).second) continue;
    out.push_back({path, hashText(text.getBuffer())});
  }
  ASTReader *reader = walkPrecompiled ? ci.getASTReader().get() : nullptr;
  if (reader) {
    for (serialization::ModuleFile &mf : reader->getModuleManager()) {
      reader->visitInputFileInfos(mf, /*IncludeSystem=*/false, [&](const serialization::InputFileInfo &info, bool) {
        std::string path = absoluteIn(fs, info.Filename);
        if (llvm::sys::path::filename(path) == kBlockHeaderName || filter.isLibraryPath(path) ||
            !seen.insert(path).second)
          return;
        std::string hash = hashFileNow(path);  // read first: a change after it shows in the time
        llvm::sys::fs::file_status now;
        if (!llvm::sys::fs::status(path, now) &&
            (static_cast<off_t>(now.getSize()) != info.StoredSize ||
             (info.StoredTime && llvm::sys::toTimeT(now.getLastModificationTime()) != info.StoredTime)))
          hash = "changed since the block was built";
        out.push_back({path, hash});
      });
    }
  }
  return out;
}

namespace {

// Hands the parsed translation unit to the caller's consumer; library
// function bodies are skipped, none of the checks reads them, and for a
// lender (ParseOptions::lending) those of user headers before the first
// user module class.
class CallbackConsumer : public ASTConsumer {
 public:
  CallbackConsumer(CompilerInstance &ci, const SourceFilter &filter, bool walkPrecompiled, const ErrorPlaces &errors,
                   AstConsumer consumer, bool skipLibrary, bool lending)
      : ci_(ci), filter_(filter), walkPrecompiled_(walkPrecompiled), errors_(errors), consumer_(consumer),
        skipLibrary_(skipLibrary), moduleSeen_(!lending) {}

  bool shouldSkipFunctionBody(Decl *d) override {
    const SourceManager &sm = ci_.getSourceManager();
    if (filter_.isLibrary(sm, d->getLocation())) return skipLibrary_;
    // A block with user headers may hold a module class this parse never sees defined.
    if (!moduleSeen_ && !blockChecked_) moduleSeen_ = blockHoldsUserHeaders();
    blockChecked_ = true;
    if (moduleSeen_) return false;
    // A method of a module class, or a member template's pattern.
    if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(d->getAsFunction()); md && isModuleClass(md->getParent()))
      return false;
    return !sm.isWrittenInMainFile(sm.getExpansionLoc(d->getLocation()));
  }

  bool blockHoldsUserHeaders() {
    ASTReader *reader = ci_.getASTReader().get();
    bool found = false;
    if (reader)
      for (serialization::ModuleFile &mf : reader->getModuleManager())
        reader->visitInputFileInfos(mf, /*IncludeSystem=*/false, [&](const serialization::InputFileInfo &info, bool) {
          found |= llvm::sys::path::filename(info.Filename) != kBlockHeaderName;
        });
    return found;
  }

  void HandleTagDeclDefinition(TagDecl *d) override {
    if (moduleSeen_) return;
    const auto *rd = dyn_cast<CXXRecordDecl>(d);
    if (rd && !filter_.isLibrary(ci_.getSourceManager(), rd->getLocation()) && isModuleClass(rd)) moduleSeen_ = true;
  }

  void HandleTranslationUnit(ASTContext &ctx) override { consumer_({ci_, ctx, errors_, walkPrecompiled_}); }

 private:
  CompilerInstance &ci_;
  const SourceFilter &filter_;
  bool walkPrecompiled_;
  const ErrorPlaces &errors_;
  AstConsumer consumer_;
  bool skipLibrary_;
  bool moduleSeen_;  // a user module class is defined: every user body may name it
  bool blockChecked_ = false;
};

// Fails the parse when the first `#undef` of one of `names` finds it
// defined (PchUse::undefined).
class UndefinedCheck : public PPCallbacks {
 public:
  UndefinedCheck(DiagnosticsEngine &diags, const std::vector<std::string> &names, bool &failed)
      : diags_(diags), names_(names.begin(), names.end()), failed_(failed) {}

  void MacroUndefined(const Token &name, const MacroDefinition &def, const MacroDirective *) override {
    const IdentifierInfo *id = name.getIdentifierInfo();
    if (!id || !names_.erase(id->getName().str()) || !def) return;
    failed_ = true;
    diags_.Report(name.getLocation(), diags_.getCustomDiagID(DiagnosticsEngine::Error,
                                                             "the precompiled block defines the macro this #undef "
                                                             "removes; it cannot stand for the lines after it"));
  }

 private:
  DiagnosticsEngine &diags_;
  std::set<std::string> names_;
  bool &failed_;
};

// Where Clang looked for each #include it did not find (FileResult::absentFiles):
// for a quoted name, the folders of the files being included, then every
// include folder of the command, whether it exists or not. `known` turns
// false where a folder is a framework or a header map.
class MissingIncludes : public PPCallbacks {
 public:
  MissingIncludes(CompilerInstance &ci, std::vector<std::string> &paths, bool &known)
      : ci_(ci), paths_(paths), known_(known) {}

  void InclusionDirective(SourceLocation hash, const Token &, StringRef name, bool angled, CharSourceRange,
                          OptionalFileEntryRef file, StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (file) return;
    SourceManager &sm = ci_.getSourceManager();
    llvm::vfs::FileSystem &fs = sm.getFileManager().getVirtualFileSystem();
    auto add = [&](llvm::StringRef dir) {
      llvm::SmallString<256> p(dir);
      llvm::sys::path::append(p, name);
      paths_.push_back(absoluteIn(fs, p));
    };
    if (llvm::sys::path::is_absolute(name)) {
      paths_.push_back(absoluteIn(fs, name));
      return;
    }
    if (!angled)
      for (SourceLocation at = hash; at.isValid(); at = sm.getIncludeLoc(sm.getFileID(at)))
        if (OptionalFileEntryRef includer = sm.getFileEntryRefForID(sm.getFileID(at)))
          add(llvm::sys::path::parent_path(includer->getName()));
    const HeaderSearchOptions &search = ci_.getHeaderSearchOpts();
    for (const HeaderSearchOptions::Entry &entry : search.UserEntries) {
      llvm::ErrorOr<llvm::vfs::Status> st = fs.status(entry.Path);  // a header map is a file
      if (entry.IsFramework || (st && st->isRegularFile())) known_ = false;
      add(entry.Path);
      if (!entry.IgnoreSysRoot && !search.Sysroot.empty() && search.Sysroot != "/")
        add(search.Sysroot + entry.Path);
    }
  }

 private:
  CompilerInstance &ci_;
  std::vector<std::string> &paths_;
  bool &known_;
};

class CallbackAction : public ASTFrontendAction {
 public:
  CallbackAction(const ParseOptions &opts, const SourceFilter &filter, const PchUse *pch, const ErrorPlaces &errors,
                 AstConsumer consumer, std::vector<std::string> &absentFiles, bool &absentKnown, bool &undefinedFailed)
      : opts_(opts), filter_(filter), pch_(pch), errors_(errors), consumer_(consumer), absentFiles_(absentFiles),
        absentKnown_(absentKnown), undefinedFailed_(undefinedFailed) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, llvm::StringRef) override {
    ci.getFrontendOpts().SkipFunctionBodies = opts_.skipLibraryBodies || opts_.lending;
    if (pch_ && !pch_->undefined.empty())
      ci.getPreprocessor().addPPCallbacks(
          std::make_unique<UndefinedCheck>(ci.getDiagnostics(), pch_->undefined, undefinedFailed_));
    ci.getPreprocessor().addPPCallbacks(std::make_unique<MissingIncludes>(ci, absentFiles_, absentKnown_));
    bool walkPrecompiled = !pch_ || pch_->holdsUserCode;
    return std::make_unique<CallbackConsumer>(ci, filter_, walkPrecompiled, errors_, consumer_, opts_.skipLibraryBodies,
                                              opts_.lending);
  }

 private:
  const ParseOptions &opts_;
  const SourceFilter &filter_;
  const PchUse *pch_;
  const ErrorPlaces &errors_;
  AstConsumer consumer_;
  std::vector<std::string> &absentFiles_;
  bool &absentKnown_;
  bool &undefinedFailed_;
};

}  // namespace

std::string hashText(llvm::StringRef text) {
  return llvm::utohexstr(llvm::xxh3_64bits(text), /*LowerCase=*/true, /*Width=*/16);
}

std::string hashFileNow(const std::string &path) {
  if (llvm::sys::fs::is_regular_file(path))
    if (auto now = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false))
      return hashText((*now)->getBuffer());
  return "missing";
}

std::vector<std::string> adjustArguments(const tooling::CompileCommand &cmd, const ParseOptions &opts) {
  std::vector<std::string> args = cmd.CommandLine;
  args = tooling::getClangStripOutputAdjuster()(args, cmd.Filename);
  args = tooling::getClangStripDependencyFileAdjuster()(args, cmd.Filename);
  args = tooling::getClangSyntaxOnlyAdjuster()(args, cmd.Filename);
  bool hasResourceDir = false;
  for (const std::string &a : args) hasResourceDir |= a.rfind("-resource-dir", 0) == 0;
  // Clang's driver finds the C++ standard library relative to its own path.
  if (!args.empty() && !opts.clangPath.empty()) args[0] = opts.clangPath;
  // No error limit: after the 20th error Clang stops parsing, and the rest of
  // the file would lend no facts.
  std::vector<std::string> extra = {"-w", "-Qunused-arguments", "-fno-caret-diagnostics", "-ferror-limit=0"};
  if (!hasResourceDir) extra.push_back("-resource-dir=" + opts.resourceDir);
  args.insert(args.begin() + 1, extra.begin(), extra.end());
  return args;
}

std::string sourcePath(const tooling::CompileCommand &cmd) {
  llvm::SmallString<256> file(cmd.Filename);
  if (!llvm::sys::path::is_absolute(file)) llvm::sys::fs::make_absolute(cmd.Directory, file);
  return normalisePath(std::string(file));
}

ParseStatus parseFile(const tooling::CompileCommand &cmd, const ParseOptions &opts, const SourceFilter &filter,
                      const PchUse *pch, AstConsumer consumer) {
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs(llvm::vfs::createPhysicalFileSystem().release());
  std::vector<std::string> args = adjustArguments(cmd, opts);
  // The PCH stands in for the block's lines; the file is read without them
  // (same length, so every line and column stays where it was). An editor's
  // unsaved buffer stands in for the file on disk.
  llvm::SmallString<256> file(cmd.Filename);
  if (!llvm::sys::path::is_absolute(file)) llvm::sys::fs::make_absolute(cmd.Directory, file);
  auto unsaved = opts.unsaved.find(sourcePath(cmd));
  if (pch || unsaved != opts.unsaved.end()) {
    auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(fs);
    auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    const std::string &text = pch ? pch->blankedText : unsaved->second;
    memory->addFile(file, 0, llvm::MemoryBuffer::getMemBufferCopy(text, file));
    overlay->pushOverlay(memory);
    fs = overlay;
  }
  if (pch) args.insert(args.begin() + 1, {"-include-pch", pch->pch});
  fs->setCurrentWorkingDirectory(cmd.Directory);
  auto files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), fs);
  ErrorPlaces errors;
  ParseStatus status;
  bool absentKnown = true;
  tooling::ToolInvocation invocation(
      args, std::make_unique<CallbackAction>(opts, filter, pch, errors, consumer, status.absentFiles, absentKnown,
                                             status.undefinedFailed),
      files.get());
  invocation.setDiagnosticConsumer(&errors);
  status.ran = invocation.run();
  status.errors = errors.errors();
  status.firstError = errors.first();
  status.firstErrorLoc = errors.firstLoc();
  status.missingInclude = errors.missingInclude();
  std::sort(status.absentFiles.begin(), status.absentFiles.end());
  status.absentFiles.erase(std::unique(status.absentFiles.begin(), status.absentFiles.end()), status.absentFiles.end());
  if (!absentKnown) status.absentFiles.clear();
  return status;
}

FileResult indexFile(const tooling::CompileCommand &cmd, const ParseOptions &opts, const SourceFilter &filter,
                     const PchUse *pch, bool *blockMayBeAtFault) {
  FileResult result;
  bool blockFault = true;
  result.file = cmd.Filename;
  std::string path = sourcePath(cmd);
  auto unsaved = opts.unsaved.find(path);
  // The hash of the text the parse reads as the file; with neither a block
  // nor a buffer, that of what Clang read from disk. The file is keyed by
  // the text this parse read, never by a second read of the file: one saved
  // meanwhile would get the old text's facts.
  SourceInput main{path, pch ? pch->textHash : unsaved != opts.unsaved.end() ? hashText(unsaved->second) : ""};
  ParseStatus status = parseFile(cmd, opts, filter, pch, [&](const ParsedUnit &unit) {
    if (main.hash.empty()) {
      const SourceManager &sm = unit.ast.getSourceManager();
      main.hash = hashText(sm.getBufferData(sm.getMainFileID()));
    }
    result.inputs.push_back(main);
    std::vector<SourceInput> read = userInputs(unit.compiler, filter, unit.walkPrecompiled);
    result.inputs.insert(result.inputs.end(), read.begin(), read.end());
    // Code that does not compile is indexed as Clang recovered it, less the
    // facts an error could have touched (see Recovery.h).
    result.index = indexRecovering(unit.ast, filter, unit.errors.places(), unit.walkPrecompiled);
    const SourceManager &sm = unit.ast.getSourceManager();
    const std::vector<SourceLocation> &places = unit.errors.places();
    blockFault = unit.errors.fatal() || places.size() < unit.errors.errors() ||
                 llvm::any_of(places, [&](SourceLocation at) { return filter.isLibrary(sm, at); });
  });
  if (blockMayBeAtFault) *blockMayBeAtFault = pch && (blockFault || status.undefinedFailed);
  if (status.errors > 0) {
    // Clang's own message and place; the report prints it in Clang's form.
    result.error = status.firstError;
    result.errorLoc = status.firstErrorLoc;
    result.errorCount = status.errors;
    result.missingInclude = status.missingInclude;
    result.absentFiles = std::move(status.absentFiles);
  } else if (!status.ran) {
    result.error = "clang could not parse the file; file not analyzed";
  } else {
    result.ok = true;
  }
  return result;
}

}  // namespace nnlint
