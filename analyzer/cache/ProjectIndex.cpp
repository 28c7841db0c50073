#include "cache/ProjectIndex.h"

#include "base/CacheLog.h"
#include "base/Version.h"
#include "cache/CacheBound.h"
#include "index/IndexJson.h"
#include "parse/CacheKey.h"
#include "parse/FileStore.h"

#include "clang/Basic/Version.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <map>

namespace nnlint {
namespace {

// Bumped when the entry's layout or the meaning of the facts changes without a version change.
constexpr const char *kFactsFormat = "nnlint-facts 16";

// The hash of the file's text on disk, "missing" if there is none.
std::string hashOnDisk(const std::string &path) {
  std::optional<FileStamp> stamp = stampOf(path);
  if (!stamp) return "missing";
  // The entries of a project's files read the same headers (a header-only
  // library of 25,000 lines in each): one read per file per process, while
  // its stamp stays.
  static std::map<std::string, std::pair<FileStamp, std::string>> seen;
  if (auto it = seen.find(path); it != seen.end() && it->second.first == *stamp) return it->second.second;
  std::string hash = hashFileNow(path);
  seen[path] = {*stamp, hash};
  return hash;
}

std::string currentHash(const std::string &path, const ParseOptions &opts) {
  if (auto unsaved = opts.unsaved.find(path); unsaved != opts.unsaved.end()) return hashText(unsaved->second);
  return hashOnDisk(path);
}

// The entry of an editor buffer that differs from the file on disk.
std::string bufferEntry(const std::string &entry) { return entry + ".buffer"; }

}  // namespace

FactsCache::FactsCache(std::string cacheDir, bool keepParsed) : keepParsed_(keepParsed) {
  if (cacheDir.empty()) return;
  dir_ = cacheDir + "/facts";
  if (llvm::sys::fs::create_directories(dir_)) dir_.clear();
}

std::string FactsCache::entryPath(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts) const {
  CacheKey key;
  key.add(kFactsFormat);
  key.add(kVersion);
  key.add(executableStamp());  // a rebuilt nnlint may find other facts in the same code
  key.add(clang::getClangFullVersion());
  key.add(cmd.Directory);
  key.add(opts.skipLibraryBodies ? "skip-library-bodies" : "all-bodies");
  if (opts.lending) key.add("lending");  // fewer facts than a whole parse: never taken for one
  for (const std::string &a : adjustArguments(cmd, opts)) key.add(a);
  return dir_ + "/" + key.hex() + ".json";
}

std::optional<FileResult> FactsCache::lookup(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts,
                                             bool lender) const {
  if (dir_.empty()) return std::nullopt;
  std::string path = entryPath(cmd, opts);
  // An editor's buffer is one of its entry's inputs: an entry that does not
  // name the buffer's hash is not read (each edit looks up both entries of
  // the file, and a file whose headers declare much has 100 kB of facts).
  std::string bufferHash;
  if (auto buffer = opts.unsaved.find(sourcePath(cmd)); buffer != opts.unsaved.end())
    bufferHash = hashText(buffer->second);
  if (std::optional<FileResult> onDisk = lookupEntry(path, opts, lender, bufferHash)) return onDisk;
  return lookupEntry(bufferEntry(path), opts, lender, bufferHash);
}

std::optional<FileResult> FactsCache::lookupEntry(const std::string &path, const ParseOptions &opts, bool lender,
                                                  const std::string &bufferHash) const {
  auto text = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!text || !(*text)->getBuffer().contains(bufferHash)) return std::nullopt;
  // The entries this process keeps parsed (keepParsed), by path, with a
  // digest of their text: the language server parses its documents'
  // lenders' entries once (keepLenderFacts), and each worker it forks finds
  // them parsed. Other entries are parsed each time (a command-line run
  // reads each once).
  static std::map<std::string, std::pair<uint64_t, FileResult>> kept;
  uint64_t digest = llvm::xxh3_64bits((*text)->getBuffer());
  std::optional<FileResult> read;
  const FileResult *result = nullptr;
  if (auto it = kept.find(path); it != kept.end() && it->second.first == digest) {
    result = &it->second.second;
  } else {
    nlohmann::json entry = nlohmann::json::parse((*text)->getBuffer().begin(), (*text)->getBuffer().end(), nullptr,
                                                 /*allow_exceptions=*/false);
    if (entry.is_discarded()) return std::nullopt;
    try {
      read = fileResultFromJson(entry);
    } catch (const nlohmann::json::exception &) {
      return std::nullopt;  // an entry of another layout: parse again and replace it
    }
    result = keepParsed_ ? &kept.insert_or_assign(path, std::make_pair(digest, std::move(*read))).first->second.second
                         : &*read;
  }
  // Whether the entry still answers.
  if (result->inputs.empty() || (result->blockError && !lender)) return std::nullopt;
  for (const SourceInput &in : result->inputs)
    if (currentHash(in.path, opts) != in.hash) return std::nullopt;
  // A header that was missing and is there now: the parse would find it.
  for (const std::string &absent : result->absentFiles)
    if (llvm::sys::fs::exists(absent)) return std::nullopt;
  touchCacheFile(path);
  return read && !keepParsed_ ? std::move(read) : *result;
}

void FactsCache::store(const clang::tooling::CompileCommand &cmd, const ParseOptions &opts,
                       const FileResult &result) const {
  if (dir_.empty() || result.inputs.empty() || (result.missingInclude && result.absentFiles.empty())) return;
  std::string text = fileResultToJson(result).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string path = entryPath(cmd, opts);
  const SourceInput &file = result.inputs.front();
  if (hashOnDisk(file.path) != file.hash) path = bufferEntry(path);
  llvm::consumeError(replaceFile(path, text));
}

std::vector<FileResult> indexWithFacts(const std::vector<clang::tooling::CompileCommand> &commands,
                                       const ParseOptions &parse, const SourceFilter &filter,
                                       const SpeedOptions &speed, const std::function<void()> &beforeParsing,
                                       std::vector<size_t> *notCached) {
  if (speed.lendersOnly && !parse.lending) {
    ParseOptions lending = parse;
    lending.lending = true;
    return indexWithFacts(commands, lending, filter, speed, beforeParsing, notCached);
  }
  std::string cacheDir = speed.cacheDir.empty() ? defaultCacheDir() : speed.cacheDir;
  FactsCache facts(speed.useCache ? cacheDir : "");
  std::vector<FileResult> results(commands.size());
  std::vector<clang::tooling::CompileCommand> missing, editorHits;
  std::vector<size_t> missingAt;
  for (size_t i = 0; i < commands.size(); ++i) {
    if (std::optional<FileResult> hit = facts.lookup(commands[i], parse, speed.lendersOnly)) {
      logPath("facts", commands[i].Filename);
      results[i] = std::move(*hit);
      results[i].file = commands[i].Filename;
      if (parse.warm && parse.unsaved.count(sourcePath(commands[i]))) editorHits.push_back(commands[i]);
    } else {
      missing.push_back(commands[i]);
      missingAt.push_back(i);
    }
  }
  if (notCached) {
    *notCached = std::move(missingAt);
    missing.clear();
  }
  if (!missing.empty() && beforeParsing) beforeParsing();
  // Each file's facts are stored as soon as it is parsed, or after the answer.
  std::vector<FileResult> parsed = indexFiles(missing, parse, filter, speed, [&](size_t k, const FileResult &r) {
    if (!speed.afterAnswer) return facts.store(missing[k], parse, r);
    speed.afterAnswer->push_back([facts, cmd = missing[k], parse, r] { facts.store(cmd, parse, r); });
  });
  for (size_t k = 0; k < parsed.size(); ++k) results[missingAt[k]] = std::move(parsed[k]);
  // No parse warmed the parse host up for these: it warms up before the
  // diagnostics are published (quickly, with the text kept by the last
  // session of the block: parse/WarmUpText.h).
  warmEditorBuffers(editorHits, parse, speed);
  if (speed.useCache && !missing.empty()) {
    auto bound = [cacheDir, limit = speed.cacheLimit] { boundCache(cacheDir, limit); };
    speed.afterAnswer ? speed.afterAnswer->push_back(bound) : bound();
  }
  return results;
}

}  // namespace nnlint
