#include "parse/Pch.h"

#include "base/Version.h"
#include "parse/BlockWorth.h"
#include "parse/CacheKey.h"
#include "parse/FatalErrors.h"
#include "parse/FileStore.h"
#include "parse/PchBlock.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Version.h"
#include "clang/Driver/Options.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace clang;

namespace nnlint {
namespace {

constexpr const char *kManifestHeader = "nnlint-pch 4";
constexpr const char *kFailureHeader = "nnlint-pch-failed 1";
// How long a build waits for another process's build of the same block.
constexpr int kWaitForBuilderMs = 120000;

struct Dependency {
  std::string path;
  uint64_t size = 0;
  int64_t mtimeNs = 0;
};

std::string fileHash(const std::string &path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buf) return "";
  return llvm::utohexstr(llvm::xxh3_64bits((*buf)->getBuffer()), /*LowerCase=*/true, /*Width=*/16);
}

// Forwards everything to the PCH writer but keeps the bodies of the user's
// functions, and records which files went into the PCH.
class BlockConsumer : public MultiplexConsumer {
 public:
  BlockConsumer(CompilerInstance &ci, const SourceFilter &filter, bool skipLibraryBodies,
                std::unique_ptr<ASTConsumer> writer, std::vector<Dependency> &deps, bool &depsOk)
      : MultiplexConsumer(one(std::move(writer))), ci_(ci), filter_(filter), skipLibraryBodies_(skipLibraryBodies),
        deps_(deps), depsOk_(depsOk) {}

  bool shouldSkipFunctionBody(Decl *d) override {
    return skipLibraryBodies_ && filter_.isLibrary(ci_.getSourceManager(), d->getLocation());
  }

  void HandleTranslationUnit(ASTContext &ctx) override {
    MultiplexConsumer::HandleTranslationUnit(ctx);
    const SourceManager &sm = ci_.getSourceManager();
    depsOk_ = true;
    for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
      std::optional<llvm::MemoryBufferRef> parsed = it->second->getBufferIfLoaded();
      if (!parsed) continue;  // looked up but never read
      Dependency d;
      d.path = normalisePath(std::string(it->first.getName()));
      // The manifest's size and mtime must describe the very text Clang read. Only a regular
      // file is read again: /dev/zero or a FIFO would never end.
      std::optional<FileStamp> stamp = stampOf(d.path);
      if (!stamp) {
        depsOk_ = false;
        return;
      }
      d.size = stamp->size;
      d.mtimeNs = stamp->mtimeNs;
      auto now = llvm::MemoryBuffer::getFile(d.path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
      if (!now || (*now)->getBuffer() != parsed->getBuffer()) {
        depsOk_ = false;
        return;
      }
      deps_.push_back(d);
    }
  }

 private:
  static std::vector<std::unique_ptr<ASTConsumer>> one(std::unique_ptr<ASTConsumer> c) {
    std::vector<std::unique_ptr<ASTConsumer>> v;
    v.push_back(std::move(c));
    return v;
  }
  CompilerInstance &ci_;
  const SourceFilter &filter_;
  bool skipLibraryBodies_;
  std::vector<Dependency> &deps_;
  bool &depsOk_;
};

class BlockPchAction : public GeneratePCHAction {
 public:
  BlockPchAction(std::string output, const SourceFilter &filter, bool skipLibraryBodies, std::vector<Dependency> &deps,
                 bool &depsOk)
      : output_(std::move(output)), filter_(filter), skipLibraryBodies_(skipLibraryBodies), deps_(deps),
        depsOk_(depsOk) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &ci, llvm::StringRef inFile) override {
    ci.getFrontendOpts().OutputFile = output_;
    ci.getFrontendOpts().SkipFunctionBodies = skipLibraryBodies_;
    // Each parse with the block would otherwise instantiate, at its own end,
    // the templates the block's headers used: done once here instead.
    ci.getLangOpts().PCHInstantiateTemplates = true;
    std::unique_ptr<ASTConsumer> writer = GeneratePCHAction::CreateASTConsumer(ci, inFile);
    if (!writer) return nullptr;
    return std::make_unique<BlockConsumer>(ci, filter_, skipLibraryBodies_, std::move(writer), deps_, depsOk_);
  }

 private:
  std::string output_;
  const SourceFilter &filter_;
  bool skipLibraryBodies_;
  std::vector<Dependency> &deps_;
  bool &depsOk_;
};

// Counts the errors and finds the line of the block header (the main file)
// that the first one came through.
class FirstError : public DiagnosticConsumer {
 public:
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < DiagnosticsEngine::Error) return;
    fatal |= level == DiagnosticsEngine::Fatal;
    if (getNumErrors() > 1 || !info.hasSourceManager() || info.getLocation().isInvalid()) return;
    const SourceManager &sm = info.getSourceManager();
    SourceLocation at = sm.getExpansionLoc(info.getLocation());
    while (at.isValid() && sm.getFileID(at) != sm.getMainFileID()) at = sm.getIncludeLoc(sm.getFileID(at));
    if (at.isValid()) line = sm.getExpansionLineNumber(at);
  }
  size_t line = 0;
  bool fatal = false;  // a header not found, say: the headers read do not say when to try again
};

struct Manifest {
  std::string pch;
  uint64_t pchSize = 0;
  std::string pchHash;
  bool holdsUserCode = false;
  bool small = false;  // PchCache::isSmall
  std::vector<Dependency> deps;
};

// "dep SIZE MTIME PATH" lines, one per header read, to the end of `in`.
bool readDeps(std::istream &in, std::vector<Dependency> &deps) {
  std::string word;
  while (in >> word) {
    Dependency d;
    if (word != "dep" || !(in >> d.size >> d.mtimeNs) || in.get() != ' ' || !std::getline(in, d.path)) return false;
    deps.push_back(d);
  }
  return !deps.empty();
}

std::string depsText(const std::vector<Dependency> &deps) {
  std::string text;
  for (const Dependency &d : deps)
    text += "dep " + std::to_string(d.size) + " " + std::to_string(d.mtimeNs) + " " + d.path + "\n";
  return text;
}

// With `userHeadersOf`, the library headers are taken as unchanged.
bool depsUnchanged(const std::vector<Dependency> &deps, const SourceFilter *userHeadersOf = nullptr) {
  for (const Dependency &d : deps) {
    if (userHeadersOf && userHeadersOf->isLibraryPath(d.path)) continue;
    std::optional<FileStamp> now = stampOf(d.path);
    if (!now || now->size != d.size || now->mtimeNs != d.mtimeNs) return false;
  }
  return true;
}

// The manifest's first two lines: all but the headers it lists.
bool readManifestHead(std::istream &in, Manifest &m) {
  std::string line, word;
  if (!std::getline(in, line) || line != kManifestHeader) return false;
  return in >> word && word == "pch" && in >> m.pch >> m.pchSize >> m.pchHash >> m.holdsUserCode >> m.small &&
         m.pch.find('/') == std::string::npos;
}

bool readManifest(const std::string &path, Manifest &m) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf) return false;
  std::istringstream in((*buf)->getBuffer().str());
  return readManifestHead(in, m) && readDeps(in, m.deps);
}

llvm::Error writeManifest(const std::string &path, const Manifest &m) {
  std::string text = std::string(kManifestHeader) + "\n";
  text += "pch " + m.pch + " " + std::to_string(m.pchSize) + " " + m.pchHash + " " +
          (m.holdsUserCode ? "1" : "0") + " " + (m.small ? "1" : "0") + "\n";
  return replaceFile(path, text + depsText(m.deps));
}

bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

// The block header holds exactly the block's directives; one that was
// damaged (it would make every later build fail) is rewritten, and said so.
bool writeBlockHeader(const std::string &path, const std::string &header) {
  if (llvm::Error e = createFileOnce(path, header)) {
    llvm::consumeError(std::move(e));
    return false;
  }
  auto now = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (now && (*now)->getBuffer() == header) return true;
  if (llvm::Error e = replaceFile(path, header)) {
    llvm::consumeError(std::move(e));
    return false;
  }
  warnOnce(CacheWarning::Repaired, "repaired a damaged block header: " + path);
  return true;
}

}  // namespace

namespace {

// Whether the compiler arguments (the compiler first) can read something
// through the working directory: a response file, or an argument's value
// that is a relative path to something there (-Iinclude, -include-pch
// x.pch, another input). A block of a command without one is the same PCH
// from whichever directory it is run: the editor's and the command line's
// runs share it.
bool dependsOnDirectory(const std::vector<std::string> &args, const std::string &directory) {
  std::vector<const char *> argv;
  for (size_t i = 1; i < args.size(); ++i) {
    if (startsWith(args[i], "@")) return true;
    argv.push_back(args[i].c_str());
  }
  unsigned missingIndex = 0, missingCount = 0;
  llvm::opt::InputArgList parsed = driver::getDriverOptTable().ParseArgs(argv, missingIndex, missingCount);
  for (const llvm::opt::Arg *arg : parsed)
    for (const char *value : arg->getValues()) {
      if (llvm::sys::path::is_absolute(value)) continue;
      llvm::SmallString<256> path(directory);
      llvm::sys::path::append(path, value);
      if (llvm::sys::fs::exists(path)) return true;
    }
  return false;
}

}  // namespace

PchCache::PchCache(std::string dir) {
  llvm::SmallString<256> absolute(dir);
  if (!dir.empty()) llvm::sys::fs::make_absolute(absolute);
  dir_ = std::string(absolute);
}

PchPlan PchCache::plan(const tooling::CompileCommand &cmd, const ParseOptions &opts, bool lead) const {
  PchPlan plan;
  llvm::SmallString<256> file(cmd.Filename);
  if (!llvm::sys::path::is_absolute(file)) llvm::sys::fs::make_absolute(cmd.Directory, file);
  std::string target = normalisePath(std::string(file));
  auto text = llvm::MemoryBuffer::getFile(file, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!text) return plan;
  auto unsaved = opts.unsaved.find(target);
  std::vector<std::string> args = adjustArguments(cmd, opts);
  bool sawFile = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    // Forced includes come before the block and cannot be told apart from it.
    if (startsWith(a, "-include") || startsWith(a, "--include") || startsWith(a, "-imacros") ||
        startsWith(a, "--imacros"))
      return plan;
    if (i > 0 && !a.empty() && a[0] != '-') {
      llvm::SmallString<256> p(a);
      if (!llvm::sys::path::is_absolute(p)) llvm::sys::fs::make_absolute(cmd.Directory, p);
      if (normalisePath(std::string(p)) == target) {
        sawFile = true;
        continue;
      }
    }
    plan.args.push_back(a);
  }
  if (!sawFile) return plan;
  plan.directory = cmd.Directory;
  plan.directoryMatters = dependsOnDirectory(plan.args, plan.directory);
  plan.text = unsaved != opts.unsaved.end() ? unsaved->second : (*text)->getBuffer().str();
  plan.block = findIncludeBlock(plan.text, std::string(llvm::sys::path::parent_path(file)));
  plan.own = plan.block.directives.size();
  if (!lead) return plan;
  // A file whose headers start with anything but includes (a #define, an
  // #if) has no lead: its whole block, headers included, is precompiled.
  if (IncludeLead found = findIncludeLead(plan.block, plan.args, plan.directory, regularFiles_); !found.block.empty()) {
    plan.block = std::move(found.block);
    plan.own = found.own;
    plan.undefined = std::move(found.undefined);
  }
  return plan;
}

std::vector<std::string> PchCache::keys(const PchPlan &plan, const ParseOptions &opts) const {
  CacheKey hash;
  hash.add(kManifestHeader);
  hash.add(kVersion);
  hash.add(getClangFullVersion());
  hash.add(opts.resourceDir);
  hash.add(opts.clangPath);
  hash.add(opts.skipLibraryBodies ? "skip library bodies" : "all bodies");
  hash.add(plan.directoryMatters ? plan.directory : "");
  for (const std::string &a : plan.args) hash.add(a);
  // The directives are one part, IncludeBlock::header().
  std::vector<std::string> keys;
  for (const IncludeBlock::Directive &d : plan.block.directives) {
    hash.addPiece(d.text + "\n");
    CacheKey prefix = hash;
    prefix.endPart();
    keys.push_back(prefix.hex());
  }
  return keys;
}

PchRequest PchCache::request(const PchPlan &plan, const std::vector<std::string> &keys, size_t count) const {
  PchRequest req;
  if (count == 0 || count > keys.size()) return req;
  req.key = keys[count - 1];
  req.headerArgs = plan.args;
  req.headerArgs.insert(req.headerArgs.end(), {"-x", "c++-header", path(req.key, "/") + kBlockHeaderName});
  req.directory = plan.directory;
  req.count = count;
  req.header = plan.block.header(count);
  req.blanked = plan.block.blanked(plan.text, std::min(count, plan.own));
  req.hoisted = plan.hoisted(count);
  if (req.hoisted) req.undefined = plan.undefined;
  return req;
}

bool PchCache::has(const std::string &key) const { return llvm::sys::fs::exists(path(key, ".manifest")); }

bool PchCache::isSmall(const std::string &key) const {
  std::ifstream in(path(key, ".manifest"));
  Manifest m;
  return readManifestHead(in, m) && m.small;
}

bool PchCache::isCachedPrefix(const std::string &key) const { return llvm::sys::fs::exists(path(key, ".prefix")); }

void PchCache::markPrefixes(llvm::ArrayRef<std::string> prefixKeys) const {
  for (const std::string &prefixKey : prefixKeys) {
    std::string marker = path(prefixKey, ".prefix");
    int fd = ::open(marker.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0) ::close(fd);
    touchCacheFile(marker);  // the bound evicts markers no block has used lately
  }
}

bool PchCache::alreadyHolds(const std::string &key, llvm::ArrayRef<IncludeBlock::Directive> directives) const {
  auto [it, added] = inputs_.try_emplace(key);
  Manifest m;
  if (added && readManifest(path(key, ".manifest"), m))
    for (const Dependency &d : m.deps) it->second.push_back(d.path);
  for (const IncludeBlock::Directive &d : directives) {
    size_t open = d.text.find('<'), close = d.text.rfind('>');
    if (open == std::string::npos || close == std::string::npos || close <= open + 1) return false;
    std::string tail = "/" + d.text.substr(open + 1, close - open - 1);
    bool read = false;
    for (const std::string &input : it->second) read |= llvm::StringRef(input).ends_with(tail);
    if (!read) return false;
  }
  return true;
}

CachedPch PchCache::lookup(const std::string &key) {
  // A run is a snapshot: headers are checked once per PCH and process.
  if (auto it = checked_.find(key); it != checked_.end()) return it->second;
  CachedPch pch = checkedLookup(key);
  if (!pch.path.empty()) checked_[key] = pch;
  return pch;
}

bool PchCache::stillCurrent(const std::string &key, const CachedPch &pch) const {
  Manifest m;
  return readManifest(path(key, ".manifest"), m) && dir_ + "/" + m.pch == pch.path && depsUnchanged(m.deps);
}

CachedPch PchCache::checkedLookup(const std::string &key) {
  Manifest m;
  if (!readManifest(path(key, ".manifest"), m) || !depsUnchanged(m.deps)) return {};
  std::string pch = dir_ + "/" + m.pch;
  std::optional<FileStamp> pchNow = stampOf(pch);
  if (!pchNow || pchNow->size != m.pchSize) return {};
  if (fileHash(pch) != m.pchHash) {
    discard(key, pch);
    return {};
  }
  touchCacheFile(pch);
  return {pch, m.holdsUserCode};
}

CachedPch PchCache::build(const PchRequest &req, const ParseOptions &opts, const SourceFilter &filter) {
  if (writeFailed_ || req.key.empty() || llvm::sys::fs::create_directories(path(req.key, ""))) return {};
  if (size_t line = failedLine(req.key)) return {"", false, line};
  // Another process building the block started first: it ends before a
  // plain parse started now would, unless it is stuck.
  FileLock lock(path(req.key, ".lock"), kWaitForBuilderMs);
  if (!lock.held()) return {};  // parse plainly
  if (CachedPch ready = lookup(req.key); !ready.path.empty()) return ready;
  if (size_t line = failedLine(req.key)) return {"", false, line};  // the other process's build failed
  // Whatever a killed builder of this block left behind goes, under its lock.
  removeStaleTemporaries(dir_, req.key);
  removeStaleTemporaries(path(req.key, ""), kBlockHeaderName);
  if (!writeBlockHeader(path(req.key, "/") + kBlockHeaderName, req.header)) return {};

  std::string tmp = temporaryNameFor(path(req.key, ".pch"));
  std::vector<Dependency> deps;
  bool depsOk = false;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs(llvm::vfs::createPhysicalFileSystem().release());
  fs->setCurrentWorkingDirectory(req.directory);
  auto files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), fs);
  FirstError diags;
  tooling::ToolInvocation invocation(req.headerArgs, std::make_unique<BlockPchAction>(tmp, filter, opts.skipLibraryBodies, deps, depsOk),
                                     files.get());
  invocation.setDiagnosticConsumer(&diags);
  bool ran = false;
  if (llvm::Error fatalError = runRecoveringFatalErrors([&] { ran = invocation.run(); })) {
    std::string fatal = llvm::toString(std::move(fatalError));
    // The PCH writer gives up with report_fatal_error, e.g. on a full disk:
    // parse plainly, and build no more blocks in this process.
    writeFailed_ = true;
    removeStaleTemporaries(dir_, req.key);
    warnOnce(CacheWarning::WriteFailed, "cannot write a precompiled include block in " + dir_ + " (" + fatal +
                                            "); files are parsed without one");
    return {};
  }
  std::optional<FileStamp> built = ran && diags.getNumErrors() == 0 && depsOk ? stampOf(tmp) : std::nullopt;
  if (!built) {
    llvm::sys::fs::remove(tmp);
    if (diags.getNumErrors() == 0 || diags.fatal || !depsOk || diags.line == 0) return {};
    std::string record = std::string(kFailureHeader) + "\nline " + std::to_string(diags.line) + "\n" + depsText(deps);
    if (llvm::Error e = replaceFile(path(req.key, ".failed"), record)) llvm::consumeError(std::move(e));
    return {"", false, diags.line};
  }
  Manifest m;
  bool readsLibrary = false;
  uint64_t ownBytes = 0;
  for (const Dependency &d : deps) {
    bool own = !filter.isLibraryPath(d.path);
    readsLibrary |= !own;
    if (own && llvm::sys::path::filename(d.path) != kBlockHeaderName) {
      m.holdsUserCode = true;
      ownBytes += d.size;
    }
  }
  m.small = !worthABlock(readsLibrary, ownBytes);
  m.pchHash = fileHash(tmp);
  m.pchSize = built->size;
  m.pch = req.key + "-" + m.pchHash + ".pch";
  m.deps = std::move(deps);
  std::string pch = dir_ + "/" + m.pch;
  Manifest old;
  bool hadOld = readManifest(path(req.key, ".manifest"), old);
  if (llvm::sys::fs::rename(tmp, pch) ||
      errorToBool(writeManifest(path(req.key, ".manifest"), m))) {
    llvm::sys::fs::remove(tmp);
    llvm::sys::fs::remove(pch);
    return {};
  }
  if (hadOld && old.pch != m.pch) llvm::sys::fs::remove(dir_ + "/" + old.pch);
  llvm::sys::fs::remove(path(req.key, ".failed"));
  checked_[req.key] = {pch, m.holdsUserCode};
  return checked_[req.key];
}

size_t PchCache::failedLine(const std::string &key, const SourceFilter *userHeadersOf) const {
  auto buf = llvm::MemoryBuffer::getFile(path(key, ".failed"), /*IsText=*/true);
  if (!buf) return 0;
  std::istringstream in((*buf)->getBuffer().str());
  std::string header, word;
  size_t line = 0;
  std::vector<Dependency> deps;
  if (!std::getline(in, header) || header != kFailureHeader || !(in >> word >> line) || word != "line" ||
      !readDeps(in, deps) || !depsUnchanged(deps, userHeadersOf))
    return 0;
  return line;
}

void PchCache::discard(const std::string &key, const std::string &pch) {
  Manifest m;
  if (readManifest(path(key, ".manifest"), m) && dir_ + "/" + m.pch == pch) llvm::sys::fs::remove(path(key, ".manifest"));
  llvm::sys::fs::remove(pch);
  checked_.erase(key);
}

}  // namespace nnlint
