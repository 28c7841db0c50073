#include "parse/BlockReach.h"

#include "parse/BlockWorth.h"
#include "parse/FatalErrors.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace nnlint {
namespace {

struct Reach {
  bool library = false;
  uint64_t ownBytes = 0;
  bool enough() const { return worthABlock(library, ownBytes); }
};

class WatchEnteredFiles : public PPCallbacks {
 public:
  WatchEnteredFiles(const SourceManager &sm, const SourceFilter &filter, Reach &reach)
      : sm_(sm), filter_(filter), reach_(reach) {}

  void FileChanged(SourceLocation loc, FileChangeReason reason, SrcMgr::CharacteristicKind, FileID) override {
    if (reason != EnterFile || loc.isInvalid()) return;
    if (filter_.isLibrary(sm_, loc)) {
      reach_.library = true;
      return;
    }
    if (OptionalFileEntryRef file = sm_.getFileEntryRefForID(sm_.getFileID(loc))) reach_.ownBytes += file->getSize();
  }

 private:
  const SourceManager &sm_;
  const SourceFilter &filter_;
  Reach &reach_;
};

class ReachAction : public PreprocessorFrontendAction {
 public:
  ReachAction(const SourceFilter &filter, Reach &reach) : filter_(filter), reach_(reach) {}

  void ExecuteAction() override {
    Preprocessor &pp = getCompilerInstance().getPreprocessor();
    pp.addPPCallbacks(std::make_unique<WatchEnteredFiles>(pp.getSourceManager(), filter_, reach_));
    pp.EnterMainSourceFile();
    Token token;
    do pp.Lex(token);
    while (token.isNot(tok::eof) && !reach_.enough());
  }

 private:
  const SourceFilter &filter_;
  Reach &reach_;
};

}  // namespace

bool worthPrecompiling(const PchRequest &req, const SourceFilter &filter) {
  // The block's header is not written yet: it is given from memory.
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::createPhysicalFileSystem());
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  memory->addFile(req.headerArgs.back(), 0, llvm::MemoryBuffer::getMemBufferCopy(req.header));
  overlay->pushOverlay(memory);
  overlay->setCurrentWorkingDirectory(req.directory);
  auto files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), overlay);
  Reach reach;
  DiagnosticConsumer errors;  // counts them, prints nothing
  tooling::ToolInvocation invocation(req.headerArgs, std::make_unique<ReachAction>(filter, reach), files.get());
  invocation.setDiagnosticConsumer(&errors);
  bool ran = false;
  if (llvm::Error fatal = runRecoveringFatalErrors([&] { ran = invocation.run(); })) {
    llvm::consumeError(std::move(fatal));
    return true;
  }
  return !ran || errors.getNumErrors() > 0 || reach.enough();
}

}  // namespace nnlint
