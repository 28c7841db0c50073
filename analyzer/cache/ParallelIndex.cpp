#include "cache/ParallelIndex.h"

#include "base/CacheLog.h"
#include "cache/Parallel.h"
#include "index/IndexJson.h"
#include "parse/BlockReach.h"
#include "parse/FileStore.h"
#include "parse/Pch.h"
#include "parse/WarmRequest.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <memory>

namespace nnlint {

namespace {

struct Job {
  const clang::tooling::CompileCommand *cmd = nullptr;
  PchRequest pch;
  std::string textHash;  // of the text pch.blanked was made from
  // An editor's buffer, which may be parsed warm: its whole include block
  // and its text with all of the block blanked out.
  std::string wholeBlock;
  std::string wholeBlanked;
  PchPlan blockPlan;  // its include block, whose prefixes may stand in (withBuiltBlock)
  bool lendsOnly = false;  // SpeedOptions::lendersOnly
};

// What the parse host needs for an editor's buffer; none for other files.
std::optional<WarmRequest> warmRequest(const Job &job, const PchCache &cache, const ParseOptions &parse) {
  std::string path = sourcePath(*job.cmd);
  const std::string &whole = job.wholeBlock;
  if (!parse.warm || !parse.unsaved.count(path) || job.pch.key.empty()) return std::nullopt;
  if (!job.pch.hoisted && whole.rfind(job.pch.header, 0) != 0) return std::nullopt;
  // A session would keep little of a small block (BlockWorth.h): the file
  // parses about as fast without one, and the open need not wait for one.
  if (cache.isSmall(job.pch.key)) return std::nullopt;
  // A block of the file's lead (leadRequest) holds none of its lines: the
  // session's tail is the whole block, whose includes of the lead's headers
  // are then skipped, as in a parse with the lead's block.
  std::string tail = job.pch.hoisted ? whole : whole.substr(job.pch.header.size());
  return WarmRequest{adjustArguments(*job.cmd, parse), path, job.cmd->Directory, cache.dir(), job.pch.key, tail,
                     job.wholeBlanked};
}

// For an editor's buffer whose block's first line cannot be precompiled
// (its own header has errors): a block of its library lead, the longest
// prefix cached or the whole lead. None for a lead that reads past an
// `#undef` (the session cannot check it, PchUse::undefined).
PchRequest leadRequest(const PchCache &cache, const clang::tooling::CompileCommand &cmd, const ParseOptions &parse) {
  PchPlan lead = cache.plan(cmd, parse, /*lead=*/true);
  if (lead.block.empty() || !lead.undefined.empty() || lead.own > 0) return {};
  std::vector<std::string> keys = cache.keys(lead, parse);
  for (size_t c = keys.size(); c > 0; --c)
    if (cache.has(keys[c - 1])) return cache.request(lead, keys, c);
  return cache.request(lead, keys, keys.size());
}

FileResult indexUsual(const Job &job, PchCache *cache, const ParseOptions &parse, const SourceFilter &filter) {
  const std::string &file = job.cmd->Filename;
  // A lender's parse (ParseOptions::lending) says so before the path it took.
  auto logPath = [&](const char *what, const std::string &f) {
    nnlint::logPath(parse.lending ? ("lent-" + std::string(what)).c_str() : what, f);
  };
  if (cache && !job.pch.key.empty()) {
    CachedPch pch = cache->lookup(job.pch.key);
    bool built = false;
    if (pch.path.empty()) {
      pch = cache->build(job.pch, parse, filter);
      built = !pch.path.empty();
    }
    if (!pch.path.empty()) {
      PchUse use{pch.path, job.pch.blanked, job.textHash, pch.holdsUserCode, job.pch.undefined};
      bool blockMayBeAtFault = true;
      FileResult fast = indexFile(*job.cmd, parse, filter, &use, &blockMayBeAtFault);
      if (fast.ok) {
        logPath(built ? "built" : "hit", file);
        return fast;
      }
      // Errors only in the file and its user headers are theirs: a block
      // stands for exactly the library lines a plain parse reads first. Not
      // a lender's: its block may be a peer's (peersBlockHolding).
      if (fast.errorCount > 0 && !blockMayBeAtFault && !job.lendsOnly) {
        logPath("error-kept", file);
        return fast;
      }
      if (job.lendsOnly && fast.missingInclude) {
        logPath("error-with-block", file);
        fast.blockError = true;
        return fast;
      }
      // Errors are only ever reported from a plain parse. When that one
      // succeeds the PCH was at fault: drop it -- unless it stands for lines
      // of the file's headers too, where a library header without a guard,
      // included again by the header, is at fault, not the PCH.
      FileResult plain = indexFile(*job.cmd, parse, filter);
      if (plain.ok && !job.pch.hoisted) cache->discard(job.pch.key, pch.path);
      logPath(plain.ok ? (job.pch.hoisted ? "unhoisted" : "discarded") : "error", file);
      return plain;
    }
  }
  logPath("plain", file);
  return indexFile(*job.cmd, parse, filter);
}

// Builds an editor buffer's block. A build that fails on one of its lines
// (a user header with errors) gives way to a block of the lines before
// that one, and the rest is the warm session's tail. The job, with the
// block it ends up with (cached, unless none could be built).
Job withBuiltBlock(Job job, PchCache &cache, const ParseOptions &parse, const SourceFilter &filter) {
  while (!cache.has(job.pch.key)) {
    CachedPch built = cache.build(job.pch, parse, filter);
    if (!built.path.empty()) {
      logPath("built", job.cmd->Filename);
      break;
    }
    size_t before = job.blockPlan.block.directiveOnLine(built.failedLine);
    if (built.failedLine == 0 || job.pch.hoisted || before >= job.pch.count) break;
    job.pch = before > 0 ? cache.request(job.blockPlan, cache.keys(job.blockPlan, parse), before)
                         : leadRequest(cache, *job.cmd, parse);
    if (job.pch.key.empty()) break;
  }
  return job;
}

FileResult indexWithCache(const Job &job, PchCache *cache, const ParseOptions &parse, const SourceFilter &filter) {
  std::optional<WarmRequest> warm = cache ? warmRequest(job, *cache, parse) : std::nullopt;
  // An editor's buffer whose block is not cached: the block is built here
  // and the host parses the file with it, so that its session is warm by
  // the time these diagnostics are published, for the first edit. (has(),
  // not lookup(): checking a block hashes it, which each edit would pay; a
  // stale block fails in the host, and the usual path builds it again.)
  if (warm && !cache->has(job.pch.key)) {
    Job built = withBuiltBlock(job, *cache, parse, filter);
    if (built.pch.key != job.pch.key) return indexWithCache(built, cache, parse, filter);
    warm = warmRequest(job, *cache, parse);
  }
  if (warm && cache->has(job.pch.key)) {
    if (std::optional<FileResult> result = parse.warm(*warm)) {
      result->inputs.insert(result->inputs.begin(), {warm->file, hashText(parse.unsaved.at(warm->file))});
      logPath("warm", job.cmd->Filename);
      return std::move(*result);
    }
  }
  return indexUsual(job, cache, parse, filter);
}

// Clang recurses once per operand of a long expression, and a generated file
// can hold an expression of 70,000 terms: more than the 8 MiB of a main
// thread. The stack is reserved, not used, unless a file needs it.
constexpr unsigned kParseStackBytes = 1u << 30;

FileResult indexOnLargeStack(const Job &job, PchCache *cache, const ParseOptions &parse, const SourceFilter &filter) {
  FileResult result;
  llvm::thread parser(std::optional<unsigned>(kParseStackBytes), [&] { result = indexWithCache(job, cache, parse, filter); });
  parser.join();
  return result;
}

// "nnlint: 12/100 files" on one line of a terminal, for runs that take a while.
class Progress {
 public:
  Progress(size_t total, bool enabled) : total_(total), enabled_(enabled), start_(Clock::now()) {}
  ~Progress() {
    if (shown_) llvm::errs() << "\r\033[K";
  }
  void update(size_t done) {
    if (!enabled_ || Clock::now() - start_ < std::chrono::seconds(2)) return;
    shown_ = true;
    llvm::errs() << "\rnnlint: " << done << "/" << total_ << " files";
  }

 private:
  using Clock = std::chrono::steady_clock;
  size_t total_;
  bool enabled_;
  bool shown_ = false;
  Clock::time_point start_;
};

// The prefix to use instead of building a PCH of the first `k` lines of a
// plan: a shorter prefix that is cached and already read the headers of the
// lines after it (`<vector>` after `<torch/torch.h>`); else `k`.
size_t cachedStandIn(const PchCache &cache, const PchPlan &plan, const std::vector<std::string> &keys, size_t k) {
  for (size_t j = k - 1; j > 0; --j) {
    if (!cache.has(keys[j - 1])) continue;
    llvm::ArrayRef<IncludeBlock::Directive> extra(plan.block.directives);
    return cache.alreadyHolds(keys[j - 1], extra.slice(j, k - j)) ? j : k;
  }
  return k;
}

// Whether a file's block is settled, whatever the peers share: the longest
// cached prefix of its block already read the headers of every line after
// it, so no longer prefix would be taken (cachedStandIn stands it in for
// each). An editor's buffer is settled by any cached prefix: its session
// parses the rest as its tail, and a longer block that a peer might share
// is not worth a build between two keystrokes.
bool settled(const PchCache &cache, const PchPlan &plan, const std::vector<std::string> &keys, bool editorBuffer) {
  auto cached = [&](const std::string &key) { return cache.has(key); };
  if (cached(keys.back())) return true;
  if (editorBuffer) return llvm::any_of(keys, cached);
  return cachedStandIn(cache, plan, keys, keys.size()) < keys.size();
}

// Adds the keys of the peers' blocks (not those of files in `commands`) to
// `sharing`: a file named alone shares its block's prefix with the rest of
// its project, and builds that prefix, which the others then use. Returns
// the peers' plans.
std::vector<PchPlan> countPeerBlocks(const PchCache &cache, const std::vector<clang::tooling::CompileCommand> &commands,
                                     const ParseOptions &parse,
                                     const std::vector<const clang::tooling::CompileCommand *> &peers,
                                     std::map<std::string, size_t> &sharing) {
  std::set<std::string> named;
  std::vector<PchPlan> plans;
  for (const clang::tooling::CompileCommand &cmd : commands) named.insert(sourcePath(cmd));
  for (const clang::tooling::CompileCommand *peer : peers) {
    if (!named.insert(sourcePath(*peer)).second) continue;
    plans.push_back(cache.plan(*peer, parse, /*lead=*/true));
    for (const std::string &key : cache.keys(plans.back(), parse)) ++sharing[key];
  }
  return plans;
}

// For a file that only lends its facts and whose lead shares no cached
// prefix: a peer's cached block, built with the same arguments, that read
// every header of the lender's lead -- the same guarded library headers in
// another order, and perhaps more of them (`<iostream>` before the project's
// header that starts with `<torch/torch.h>`). Only a lender: its parse
// stands for facts the named files' classes may use, and a parse that fails
// with the block loses them (the classes it could add to are then not
// judged), where a named file's findings and errors are its own.
PchRequest peersBlockHolding(const PchCache &cache, const PchPlan &lender, const std::vector<PchPlan> &peers,
                             const ParseOptions &parse) {
  for (const PchPlan &peer : peers) {
    bool sameArguments = peer.args == lender.args && peer.directoryMatters == lender.directoryMatters &&
                         (!peer.directoryMatters || peer.directory == lender.directory);
    if (!sameArguments) continue;
    std::vector<std::string> keys = cache.keys(peer, parse);
    for (size_t k = keys.size(); k > 0; --k) {
      const std::string &key = keys[k - 1];
      if (!cache.has(key)) continue;
      if (!cache.alreadyHolds(key, lender.block.directives)) break;
      PchRequest req = cache.request(peer, keys, k);
      req.blanked = lender.block.blanked(lender.text, lender.own);
      req.hoisted = true;
      req.undefined = lender.undefined;
      return req;
    }
  }
  return {};
}

// Each command's job: the block its parse takes (a prefix of its lead or,
// for an editor's buffer, of its include block), and for an editor's buffer
// what its warm parse needs.
std::vector<Job> planJobs(const std::vector<clang::tooling::CompileCommand> &commands, const ParseOptions &parse,
                          const SourceFilter &filter, const SpeedOptions &speed, PchCache *cache) {
  std::vector<Job> jobs(commands.size());
  // A PCH may stand in for any prefix of a file's library lead (PchLead.h),
  // or, for an editor's buffer, of its include block, user headers included,
  // which keeps every edit warm. Take the longest prefix that is cached
  // already or that another file of the run, or a block cached by an earlier
  // run, shares: building a block costs more than one plain parse, and each
  // LibTorch block takes about 80 MB.
  std::vector<PchPlan> plans(commands.size());
  std::vector<std::vector<std::string>> keys(commands.size());
  std::map<std::string, size_t> sharing;
  std::vector<bool> editorBuffer(commands.size());
  for (size_t i = 0; i < commands.size(); ++i) {
    jobs[i].cmd = &commands[i];
    jobs[i].lendsOnly = speed.lendersOnly;
    if (!cache) continue;
    editorBuffer[i] = parse.warm && parse.unsaved.count(sourcePath(commands[i]));
    plans[i] = cache->plan(commands[i], parse, /*lead=*/!editorBuffer[i]);
    keys[i] = cache->keys(plans[i], parse);
    // An editor's block that failed to build takes the lines before the one
    // that reached the error (withBuiltBlock).
    if (editorBuffer[i] && !keys[i].empty() && !cache->has(keys[i].back()))
      if (size_t line = cache->failedLine(keys[i].back(), &filter))
        keys[i].resize(plans[i].block.directiveOnLine(line));
    for (const std::string &key : keys[i]) ++sharing[key];
  }
  // The peers matter only to a file whose block is not settled (an
  // editor's steady state reads none of them: planning each costs stats).
  bool allSettled = true;
  for (size_t i = 0; i < commands.size() && cache; ++i)
    allSettled &= keys[i].empty() || settled(*cache, plans[i], keys[i], editorBuffer[i]);
  std::vector<PchPlan> peerPlans;
  if (cache && !allSettled && !speed.peers.empty()) {
    logPath("peers", commands.front().Filename);
    peerPlans = countPeerBlocks(*cache, commands, parse, speed.peers, sharing);
  }
  for (size_t i = 0; i < commands.size(); ++i) {
    // Files that only lend their facts take a cached block first: a longer
    // one would be built for them alone.
    for (size_t k = keys[i].size(); k > 0 && speed.lendersOnly; --k) {
      if (cache->has(keys[i][k - 1])) {
        jobs[i].pch = cache->request(plans[i], keys[i], k);
        jobs[i].textHash = hashText(plans[i].text);
        break;
      }
    }
    if (speed.lendersOnly && jobs[i].pch.key.empty() && !plans[i].block.empty()) {
      jobs[i].pch = peersBlockHolding(*cache, plans[i], peerPlans, parse);
      if (!jobs[i].pch.key.empty()) jobs[i].textHash = hashText(plans[i].text);
    }
    for (size_t k = keys[i].size(); k > 0 && jobs[i].pch.key.empty(); --k) {
      const std::string &key = keys[i][k - 1];
      bool shared = sharing[key] >= 2 || cache->isCachedPrefix(key);
      if (!shared && !cache->has(key)) continue;
      if (!cache->has(key)) k = cachedStandIn(*cache, plans[i], keys[i], k);
      jobs[i].pch = cache->request(plans[i], keys[i], k);  // built again if stale
      jobs[i].textHash = hashText(plans[i].text);
      cache->markPrefixes(llvm::ArrayRef(keys[i]).take_front(k - 1));
      break;
    }
    // A block that no other file of the run shares and that is not cached:
    // build it anyway, so that the next run of this file -- an editor's save,
    // a pre-commit of one file -- is warm. (A user header in the block is
    // recorded in the manifest: when it changes, the block is built again.)
    // Not a block that costs less to parse than to read back, unless an
    // editor's warm session stands on it.
    if (jobs[i].pch.key.empty() && !keys[i].empty() && !speed.lendersOnly) {
      PchRequest whole = cache->request(plans[i], keys[i], keys[i].size());
      if (editorBuffer[i] || worthPrecompiling(whole, filter)) {
        jobs[i].pch = std::move(whole);
        jobs[i].textHash = hashText(plans[i].text);
        cache->markPrefixes(llvm::ArrayRef(keys[i]).drop_back());
      }
    }
    // None of an editor's block can be precompiled (withBuiltBlock).
    if (editorBuffer[i] && keys[i].empty() && !plans[i].block.empty()) {
      jobs[i].pch = leadRequest(*cache, commands[i], parse);
      jobs[i].textHash = hashText(plans[i].text);
    }
    if (editorBuffer[i] && !plans[i].block.empty()) {
      jobs[i].blockPlan = plans[i];
      IncludeBlock whole = plans[i].block;
      takeInIncludeGroups(whole, plans[i].text, std::string(llvm::sys::path::parent_path(sourcePath(commands[i]))));
      size_t all = whole.directives.size();
      jobs[i].wholeBlock = whole.header(all);
      jobs[i].wholeBlanked = whole.blanked(plans[i].text, all);
    }
  }
  return jobs;
}

}  // namespace

std::vector<FileResult> indexFiles(const std::vector<clang::tooling::CompileCommand> &commands,
                                   const ParseOptions &parse, const SourceFilter &filter, const SpeedOptions &speed,
                                   const std::function<void(size_t, const FileResult &)> &parsed) {
  std::unique_ptr<PchCache> cache;
  std::string cacheDir = speed.cacheDir.empty() ? defaultCacheDir() : speed.cacheDir;
  if (speed.useCache && !cacheDir.empty()) cache = std::make_unique<PchCache>(cacheDir);
  prepareCacheWarnings();  // before any worker is forked
  std::vector<Job> jobs = planJobs(commands, parse, filter, speed, cache.get());

  std::vector<FileResult> results(commands.size());
  unsigned workers = speed.jobs ? speed.jobs : availableCores();
  if (workers > commands.size()) workers = static_cast<unsigned>(commands.size());
  Progress progress(commands.size(), speed.showProgress);
  if (workers <= 1) {
    for (size_t i = 0; i < jobs.size(); ++i) {
      results[i] = indexOnLargeStack(jobs[i], cache.get(), parse, filter);
      if (parsed) parsed(i, results[i]);
      progress.update(i + 1);
    }
    return results;
  }

  auto run = [&](const std::vector<size_t> &which, PchCache *withCache, unsigned n) {
    auto task = [&](size_t k) {
      FileResult result = indexOnLargeStack(jobs[which[k]], withCache, parse, filter);
      if (parsed) parsed(which[k], result);
      return fileResultToJson(result);
    };
    size_t before = commands.size() - which.size();
    std::vector<std::optional<nlohmann::json>> got =
        runInWorkers(which.size(), n, task, [&](size_t done) { progress.update(before + done); });
    std::vector<size_t> lost;
    for (size_t k = 0; k < which.size(); ++k) {
      bool ok = false;
      if (got[k]) {
        try {
          results[which[k]] = fileResultFromJson(*got[k]);
          ok = true;
        } catch (const nlohmann::json::exception &) {
        }
      }
      if (!ok) lost.push_back(which[k]);
    }
    return lost;
  };
  std::vector<size_t> all(commands.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  std::vector<size_t> lost = run(all, cache.get(), workers);
  // A worker that died takes its file with it: try those once more, plainly.
  if (!lost.empty()) lost = run(lost, nullptr, std::min<unsigned>(workers, lost.size()));
  for (size_t i : lost) {
    results[i].file = commands[i].Filename;
    results[i].ok = false;
    results[i].error = "nnlint crashed while analysing this file; file not analyzed";
  }
  return results;
}

void warmEditorBuffers(const std::vector<clang::tooling::CompileCommand> &commands, const ParseOptions &parse,
                       const SpeedOptions &speed, bool buildBlocks) {
  std::string cacheDir = speed.cacheDir.empty() ? defaultCacheDir() : speed.cacheDir;
  if (!parse.warm || !speed.useCache || cacheDir.empty()) return;
  PchCache cache(cacheDir);
  SourceFilter filter;
  for (Job job : planJobs(commands, parse, filter, speed, &cache)) {
    std::optional<WarmRequest> warm = warmRequest(job, cache, parse);
    if (warm && !cache.has(job.pch.key) && buildBlocks) {
      job = withBuiltBlock(job, cache, parse, filter);
      warm = warmRequest(job, cache, parse);
    }
    if (!warm || !cache.has(job.pch.key)) continue;
    warm->prime = true;
    parse.warm(*warm);
  }
}

}  // namespace nnlint
