#include "Frontend.h"

#include "IndexBuilder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace nnlint {
namespace {

class FirstErrorConsumer : public DiagnosticConsumer {
 public:
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error) return;
    if (++errors_ > 1) return;
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    first_ = std::string(text);
    if (info.hasSourceManager() && info.getLocation().isValid())
      firstLoc_ = toPoint(info.getSourceManager(), info.getLocation());
  }
  unsigned errors() const { return errors_; }
  const std::string &first() const { return first_; }
  const SourcePoint &firstLoc() const { return firstLoc_; }

 private:
  unsigned errors_ = 0;
  std::string first_;
  SourcePoint firstLoc_;
};

class IndexConsumer : public ASTConsumer {
 public:
  IndexConsumer(CompilerInstance &ci, const SourceFilter &filter, bool walkPrecompiled, ModelIndex &out)
      : ci_(ci), filter_(filter), walkPrecompiled_(walkPrecompiled), out_(out) {}

  bool shouldSkipFunctionBody(Decl *d) override {
    return filter_.isLibrary(ci_.getSourceManager(), d->getLocation());
  }

  void HandleTranslationUnit(ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasErrorOccurred()) return;
    out_ = buildIndex(ctx, filter_, walkPrecompiled_);
  }

 private:
  CompilerInstance &ci_;
  const SourceFilter &filter_;
  bool walkPrecompiled_;
  ModelIndex &out_;
};

class IndexAction : public ASTFrontendAction {
 public:
  IndexAction(const ParseOptions &opts, const SourceFilter &filter, bool walkPrecompiled, ModelIndex &out)
      : opts_(opts), filter_(filter), walkPrecompiled_(walkPrecompiled), out_(out) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, llvm::StringRef) override {
    ci.getFrontendOpts().SkipFunctionBodies = opts_.skipLibraryBodies;
    return std::make_unique<IndexConsumer>(ci, filter_, walkPrecompiled_, out_);
  }

 private:
  const ParseOptions &opts_;
  const SourceFilter &filter_;
  bool walkPrecompiled_;
  ModelIndex &out_;
};

}  // namespace

std::vector<std::string> adjustArguments(const tooling::CompileCommand &cmd, const ParseOptions &opts) {
  std::vector<std::string> args = cmd.CommandLine;
  args = tooling::getClangStripOutputAdjuster()(args, cmd.Filename);
  args = tooling::getClangStripDependencyFileAdjuster()(args, cmd.Filename);
  args = tooling::getClangSyntaxOnlyAdjuster()(args, cmd.Filename);
  bool hasResourceDir = false;
  for (const std::string &a : args) hasResourceDir |= a.rfind("-resource-dir", 0) == 0;
  // Clang's driver finds the C++ standard library relative to its own path.
  if (!args.empty() && !opts.clangPath.empty()) args[0] = opts.clangPath;
  std::vector<std::string> extra = {"-w", "-Qunused-arguments", "-fno-caret-diagnostics"};
  if (!hasResourceDir) extra.push_back("-resource-dir=" + opts.resourceDir);
  args.insert(args.begin() + 1, extra.begin(), extra.end());
  return args;
}

FileResult indexFile(const tooling::CompileCommand &cmd, const ParseOptions &opts, const SourceFilter &filter,
                     const PchUse *pch) {
  FileResult result;
  result.file = cmd.Filename;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs(llvm::vfs::createPhysicalFileSystem().release());
  std::vector<std::string> args = adjustArguments(cmd, opts);
  // The PCH stands in for the block's lines; the file is read without them
  // (same length, so every line and column stays where it was). An editor's
  // unsaved buffer stands in for the file on disk.
  llvm::SmallString<256> file(cmd.Filename);
  if (!llvm::sys::path::is_absolute(file)) llvm::sys::fs::make_absolute(cmd.Directory, file);
  auto unsaved = opts.unsaved.find(normalisePath(std::string(file)));
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
  FirstErrorConsumer diags;
  bool walkPrecompiled = !pch || pch->holdsUserCode;
  tooling::ToolInvocation invocation(
      args, std::make_unique<IndexAction>(opts, filter, walkPrecompiled, result.index), files.get());
  invocation.setDiagnosticConsumer(&diags);
  bool ran = invocation.run();
  if (diags.errors() > 0) {
    // Clang's own message and place; the report prints it in Clang's form.
    result.error = diags.first();
    result.errorLoc = diags.firstLoc();
    result.errorCount = diags.errors();
  } else if (!ran) {
    result.error = "clang could not parse the file; file not analyzed";
  } else {
    result.ok = true;
  }
  return result;
}

}  // namespace nnlint
