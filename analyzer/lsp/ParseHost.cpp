#include "lsp/ParseHost.h"

#include "base/CacheLog.h"
#include "cache/Messages.h"
#include "cache/ParallelIndex.h"
#include "index/IndexJson.h"
#include "parse/CacheKey.h"
#include "parse/FileStore.h"
#include "parse/Pch.h"
#include "parse/WarmRequest.h"
#include "parse/WarmSession.h"
#include "parse/WarmUpText.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <utility>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace nnlint::lsp {
namespace {

using Json = nlohmann::json;

// Sessions kept at once: the open file's block and one other (two files
// edited in turn). Each holds what Sema read from its block.
constexpr size_t kSessions = 2;

// A worker waits this long for the host (a first parse of a block included)
// before it parses the file itself and kills the host as stuck. The host
// gives up on a parse earlier, so that a stuck parse costs only its fork.
constexpr int kReplyTimeoutMs = 10000;
constexpr int kParseTimeoutMs = 8000;

sockaddr_un socketAddress(const std::string &dir) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::string path = dir + "/parse";
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  return address;
}

Json toJson(const WarmRequest &r) {
  return Json{{"args", r.args},     {"file", r.file}, {"directory", r.directory}, {"cacheDir", r.cacheDir},
              {"pchKey", r.pchKey}, {"tail", r.tail}, {"blanked", r.blanked}, {"prime", r.prime}};
}

WarmRequest fromJson(const Json &j) {
  WarmRequest r;
  r.args = j.at("args").get<std::vector<std::string>>();
  r.file = j.at("file");
  r.directory = j.at("directory");
  r.cacheDir = j.at("cacheDir");
  r.pchKey = j.at("pchKey");
  r.tail = j.at("tail");
  r.blanked = j.at("blanked");
  r.prime = j.value("prime", false);
  return r;
}

// A one-byte message over a Unix socket with room for one descriptor.
struct DescriptorMessage {
  DescriptorMessage() {
    message.msg_iov = &data;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
  }
  DescriptorMessage(const DescriptorMessage &) = delete;
  DescriptorMessage &operator=(const DescriptorMessage &) = delete;

  char byte = 0;
  iovec data{&byte, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  msghdr message{};
};

// Hands `fd` to the process at the other end of the Unix socket `channel`.
bool sendDescriptor(int channel, int fd) {
  DescriptorMessage m;
  cmsghdr *header = CMSG_FIRSTHDR(&m.message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(header), &fd, sizeof fd);
  ssize_t sent;
  while ((sent = ::sendmsg(channel, &m.message, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
  }
  return sent == 1;
}

// The descriptor sendDescriptor() handed over `channel`, or -1.
int receiveDescriptor(int channel) {
  DescriptorMessage m;
  ssize_t got;
  while ((got = ::recvmsg(channel, &m.message, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  cmsghdr *header = got == 1 ? CMSG_FIRSTHDR(&m.message) : nullptr;
  if (!header || header->cmsg_type != SCM_RIGHTS || header->cmsg_len != CMSG_LEN(sizeof(int))) return -1;
  int fd;
  std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
  return fd;
}

// The host's side: sessions by block and arguments, the most recent last.
class Sessions {
 public:
  // Answers on `connection`. The parse runs in a fork of this process, which
  // sends the answer and ends: a crash or a stuck parse costs the fork, and a
  // session holds only what its warm-up read. The first parse a fork could
  // use, and take back, is parsed again here, to warm the session; a parse
  // after it must give the same index, or the session is dropped. A text
  // with directives that outlive a part taken back (hasLastingDirectives)
  // warms it up with those blanked; a text that still cannot is parsed in a
  // fork of a session that stays cold: it still skips loading and checking
  // the block. True when the fork also said the host is done with the
  // request ("ready"): no warm-up follows.
  bool answer(const WarmRequest &r, int connection) {
    std::string key = r.pchKey + '\n' + r.tail + '\n' + r.directory;
    for (const std::string &a : r.args) key += '\n' + a;
    WarmSession *session = find(key);
    if (session && !session->userHeadersUnchanged()) {
      held_.pop_back();  // find() put it last
      session = nullptr;
    }
    if (!session) dropStandby();  // opening one changes what a fork would hold
    if (!session) session = open(key, r);
    if (!session) {
      sendMessage(connection, nullptr);
      return false;
    }
    // A text that changed the kept prefix is parsed whole; the part of the
    // prefix before the change is kept for the next.
    if (session->hasPrefix() && !session->prefixFits(r.file, r.blanked)) {
      dropStandby();
      size_t shared = session->sharedPrefixEnd(r.blanked);
      if (!session->dropPrefix()) {
        held_.pop_back();
        sendMessage(connection, nullptr);
        return false;
      }
      ForkReport whole = parseInFork(*session, r, r.prime ? -1 : connection, /*digest=*/true, /*last=*/!r.prime);
      if (whole.took != 0) keepPrefix(*session, key, r, whole, shared);
      return !r.prime;
    }
    // A session that is warm already (one that opened with the text kept by
    // an earlier one included) needs no priming: its parse would only hold
    // up the edit that comes next. It keeps the text as its prefix.
    if (r.prime && (session->warm() || neverWarm_.count(key))) {
      if (wantsPrefix(*session, key)) {
        ForkReport whole = parseInFork(*session, r, -1, /*digest=*/true);
        if (whole.took == 1) keepPrefix(*session, key, r, whole);
      }
      return false;
    }
    bool mayWarmUp = !session->warm() && !neverWarm_.count(key);
    if (standby_.pid > 0 && (standby_.key != key || mayWarmUp)) dropStandby();
    if (standby_.pid > 0) {
      ForkReport answered = parseInStandby(*session, r, connection);
      if (answered.took == 1 && wantsPrefix(*session, key))
        keepPrefix(*session, key, r, answered);
      else if (session->hasPrefix())
        growPrefix(*session, key, r, answered);
      return true;
    }
    // A prime is answered only by "ready", once the session is warm (and
    // holds the text as its prefix).
    bool prefixNext = !mayWarmUp && wantsPrefix(*session, key);
    ForkReport first = parseInFork(*session, r, r.prime ? -1 : connection, mayWarmUp || prefixNext,
                                   /*last=*/!mayWarmUp && !prefixNext);
    if (!mayWarmUp) {
      if (prefixNext && first.took == 1) keepPrefix(*session, key, r, first);
      return !prefixNext;
    }
    if (first.took == 0) return false;
    WarmRequest warmUpWith = r;
    if (first.took == 3) {
      // A text with errors of its own (a file that does not compile where it
      // is analysed, or one half typed) warms the session up without the
      // declarations that hold them, if that parses: once per session, the
      // next text may be fixed.
      if (first.errorDeclarations.empty() || !triedWithoutErrors_.insert(key).second) return false;
      warmUpWith.blanked = withoutLastingDirectives(withoutRanges(r.blanked, first.errorDeclarations));
      if (parseInFork(*session, warmUpWith, -1, false).took != 1) return false;
    } else if (first.took == 2) {
      // A text with directives that would outlive its part (an #include, a
      // #pragma) warms it up without them, if that parses (in a fork first:
      // a part that fails is not taken back).
      warmUpWith.blanked = withoutLastingDirectives(r.blanked);
      if (warmUpWith.blanked == r.blanked) return false;
      if (parseInFork(*session, warmUpWith, -1, false).took != 1) {
        neverWarm_.insert(key);
        return false;
      }
    }
    bool warmed = session->warmUp(r.file, warmUpWith.blanked) &&
                  parseInFork(*session, r, -1, true).digest == first.digest;
    logPath(warmed ? "warmed" : "dropped", r.file);
    if (!warmed) {
      held_.pop_back();
      neverWarm_.insert(key);  // else each edit would open the session again
      return false;
    }
    keepWarmUpText(held_.back().warmUpTextPath, {r.file, warmUpWith.blanked, session->userHeaders()});
    if (first.took == 1) keepPrefix(*session, key, r, first);
    return false;
  }

  // Forks the standby: a fork of the most recent session, once it is warm,
  // made while the host waits for the next request. Forking a process that
  // holds a session takes milliseconds (its page tables), which the next
  // edit then does not wait for.
  void prepareStandby() {
    if (standby_.pid > 0 || held_.empty() || !held_.back().session->warm()) return;
    int channel[2], done[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, channel) != 0) return;
    if (::pipe2(done, O_CLOEXEC) != 0) {
      ::close(channel[0]);
      ::close(channel[1]);
      return;
    }
    WarmSession &session = *held_.back().session;
    pid_t pid = ::fork();
    if (pid == 0) {
      ::signal(SIGTERM, SIG_DFL);
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      ::close(channel[0]);
      ::close(done[0]);
      int connection = receiveDescriptor(channel[1]);
      std::optional<Json> request = connection >= 0 ? readMessage(channel[1], -1) : std::nullopt;
      if (!request) ::_exit(0);  // dropped
      // Digested after it has answered: the host may keep the text as a prefix.
      answerInFork(session, fromJson(*request), connection, /*digest=*/true, /*last=*/true, done[1]);
    }
    ::close(channel[1]);
    ::close(done[1]);
    if (pid < 0) {
      ::close(channel[0]);
      ::close(done[0]);
      return;
    }
    standby_ = {pid, channel[0], done[0], held_.back().key};
  }

 private:
  // What a fork says once it has answered: 0 it could not parse the text,
  // 1 it did and the text can warm the session up, 2 it did but cannot, 3 it
  // did, with compile errors of its own (not only its tail's); and a digest
  // of the answer, when asked for.
  struct ForkReport {
    int took = 0;
    std::uint64_t digest = 0;
    TextRanges errorDeclarations;  // with 3: WarmSession::declarationsWithErrors
    std::vector<size_t> prefixEnds;  // with a digest: WarmSession::prefixEnds
  };

  // Parses `r` in a fork of this process, which sends the answer on
  // `connection` (none: -1) and ends; `digest`: whether to digest the answer
  // (only a warm-up's check reads it) and to find the declarations that hold
  // a text's errors; `last`: whether the host is done with the request once
  // the fork has answered, which the fork then says itself, so that the
  // worker need not wait for the host to reap it (a fork's exit unmaps all
  // it copied: milliseconds).
  ForkReport parseInFork(WarmSession &session, const WarmRequest &r, int connection, bool digest, bool last = false) {
    int done[2];
    if (::pipe2(done, O_CLOEXEC) != 0) return {};
    pid_t pid = ::fork();
    if (pid == 0) answerInFork(session, r, connection, digest, last, done[1]);
    ::close(done[1]);
    return reportOf(pid, done[0]);
  }

  // What parseInFork's fork does: parse, answer on `connection`, report on
  // `done` and end.
  [[noreturn]] void answerInFork(WarmSession &session, const WarmRequest &r, int connection, bool digest, bool last,
                                 int done) {
    ::signal(SIGTERM, SIG_DFL);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    bool canWarmUp = false;
    // An answer parsed after the kept prefix.
    if (connection >= 0 && session.prefixFits(r.file, r.blanked)) logPath("rest", r.file);
    std::optional<FileResult> result = session.index(r.file, r.blanked, filter_, canWarmUp);
    Json answer = result ? fileResultToJson(*result) : Json(nullptr);
    if (connection >= 0 && sendMessage(connection, answer) && last) sendMessage(connection, Json{{"ready", true}});
    std::uint64_t sum = digest ? llvm::xxh3_64bits(answer.dump()) : 0;
    bool textErrors = result && result->errorCount > session.tailErrors();  // beside its tail's
    Json report{{"took", !result ? 0 : textErrors ? 3 : canWarmUp ? 1 : 2}, {"digest", sum}};
    if (textErrors && digest) report["errorDeclarations"] = session.declarationsWithErrors();
    if (result && digest) report["prefixEnds"] = session.prefixEnds(r.blanked);
    ::_exit(sendMessage(done, report) ? 0 : 1);
  }

  // The fork `pid`'s report on `done`, once it has answered; then it is ended.
  ForkReport reportOf(pid_t pid, int done) {
    ForkReport report;
    if (pid > 0)
      if (std::optional<Json> got = readMessage(done, kParseTimeoutMs)) {
        report.took = got->value("took", 0);
        report.digest = got->value("digest", std::uint64_t(0));
        report.errorDeclarations = got->value("errorDeclarations", TextRanges());
        report.prefixEnds = got->value("prefixEnds", std::vector<size_t>());
      }
    ::close(done);
    if (pid > 0) {
      ::kill(pid, SIGKILL);  // a fork that has answered is ending anyway
      while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
    return report;
  }

  // Has the standby answer `r` on `connection`, as parseInFork would for a
  // warm session; a standby that cannot take it ends, and a fork answers.
  ForkReport parseInStandby(WarmSession &session, const WarmRequest &r, int connection) {
    Standby taken = std::exchange(standby_, Standby{});
    bool handed = sendDescriptor(taken.channel, connection) && sendMessage(taken.channel, toJson(r));
    ::close(taken.channel);
    if (handed) logPath("standby", r.file);
    ForkReport report = reportOf(taken.pid, taken.done);
    return handed ? report : parseInFork(session, r, connection, /*digest=*/true, /*last=*/true);
  }

  bool wantsPrefix(const WarmSession &session, const std::string &key) const {
    return session.warm() && !session.hasPrefix() && !noPrefix_.count(key);
  }

  // Keeps the start of `r`'s text as the session's prefix (the session last
  // in held_) if the text parsed with it answers as the parse that answered
  // it did (`answered`, its report); a session that breaks on it is dropped. The
  // prefix ends at `end`, or else before the first byte that the text
  // changed of the session's last text, or at its end for a first text
  // (where the user types next is likely where they typed last). Without
  // such a start, none is kept: two edits inside the same declaration would
  // otherwise keep and drop a prefix by turns.
  void keepPrefix(WarmSession &session, const std::string &key, const WarmRequest &r, const ForkReport &answered,
                  size_t end = 0) {
    if (end == 0) {
      size_t changed = firstChange(r);
      end = std::max(changed == r.blanked.size() ? wholePrefixEnd(r.blanked) : 0,
                     lastPrefixEndBefore(answered.prefixEnds, changed));
    }
    if (end == 0 || noPrefix_.count(key)) return;
    dropStandby();  // it holds the session as it was
    WarmSession::Prefix kept = session.keepPrefix(r.file, r.blanked, end, filter_);
    if (kept == WarmSession::Prefix::Broken) held_.pop_back();
    if (kept != WarmSession::Prefix::Kept) return;
    if (parseInFork(session, r, -1, /*digest=*/true).digest == answered.digest) {
      logPath("prefix", r.file);
      keepWarmUpText(held_.back().warmUpTextPath, {r.file, r.blanked.substr(0, end), session.userHeaders(), true});
      return;
    }
    logPath("prefix-differs", r.file);
    noPrefix_.insert(key);
    if (!session.dropPrefix()) held_.pop_back();
  }

  // Keeps a longer prefix when the user's edits have moved past the kept
  // one: `r` (answered after it, `answered` the report) changed the
  // session's last text after a top-level declaration that begins a quarter
  // of the text or more past the prefix's end, which each edit would
  // otherwise parse again.
  void growPrefix(WarmSession &session, const std::string &key, const WarmRequest &r, const ForkReport &answered) {
    size_t end = lastPrefixEndBefore(answered.prefixEnds, firstChange(r));
    if (end < session.prefixSize() + r.blanked.size() / 4) return;
    dropStandby();
    if (!session.dropPrefix()) {
      held_.pop_back();
      return;
    }
    keepPrefix(session, key, r, answered, end);
  }

  // The first byte of `r`'s text that differs from the last text of the
  // session (last in held_; the text's size for a first text); `r`'s becomes
  // the last.
  size_t firstChange(const WarmRequest &r) {
    Held &held = held_.back();
    std::string lastFile = std::exchange(held.lastFile, r.file), last = std::exchange(held.lastText, r.blanked);
    if (lastFile != r.file) return r.blanked.size();
    return std::mismatch(r.blanked.begin(), r.blanked.end(), last.begin(), last.end()).first - r.blanked.begin();
  }

  void dropStandby() {
    if (standby_.pid <= 0) return;
    ::close(standby_.channel);  // the standby reads no request and ends
    reportOf(standby_.pid, standby_.done);
    standby_ = {};
  }

  WarmSession *find(const std::string &key) {
    for (size_t i = 0; i < held_.size(); ++i) {
      if (held_[i].key != key) continue;
      std::rotate(held_.begin() + i, held_.begin() + i + 1, held_.end());
      return held_.back().session.get();
    }
    return nullptr;
  }

  // A block that holds user headers is looked up again once the session
  // has read them: a header edited in between would leave the session with
  // a PCH of its old text. A session warms up at once with the text that
  // warmed the last one of its block and arguments up, or keeps the prefix
  // that one kept (parse/WarmUpText.h).
  WarmSession *open(const std::string &key, const WarmRequest &r) {
    PchCache cache(r.cacheDir);
    CachedPch pch = cache.lookup(r.pchKey);
    if (pch.path.empty()) return nullptr;
    std::vector<std::string> args = r.args;
    args.insert(args.begin() + 1, {"-include-pch", pch.path, "-working-directory", r.directory});
    // What a session keeps for the next is kept beside its PCH, named by it
    // and by what else decides it: the session's tail and arguments, and
    // this nnlint.
    CacheKey sessionKey;
    sessionKey.add(key);
    sessionKey.add(executableStamp());
    std::string kept = pch.path.substr(0, pch.path.size() - 4) + "-" + sessionKey.hex().substr(0, 16);
    llvm::Expected<std::unique_ptr<WarmSession>> session =
        WarmSession::open(args, r.tail, filter_, pch.holdsUserCode, kept + ".blockfacts");
    if (!session) {
      llvm::consumeError(session.takeError());  // the worker parses the file itself
      return nullptr;
    }
    if (pch.holdsUserCode && !cache.stillCurrent(r.pchKey, pch)) return nullptr;
    std::string warmUpTextPath = kept + ".warmup";
    if (std::optional<WarmUpText> text = readWarmUpText(warmUpTextPath, (*session)->userHeaders())) {
      // Kept again once it has warmed this session up: a text that crashed
      // the host would crash each host started after it.
      llvm::sys::fs::remove(warmUpTextPath);
      WarmSession::Prefix kept = WarmSession::Prefix::NotKept;
      if (text->prefix) kept = (*session)->keepPrefix(text->file, text->blanked, text->blanked.size(), filter_);
      if (kept == WarmSession::Prefix::Broken) return nullptr;
      if (kept == WarmSession::Prefix::NotKept && !(*session)->warmUp(text->file, text->blanked)) return nullptr;
      keepWarmUpText(warmUpTextPath, *text);
      logPath("rewarmed", r.file);
    }
    if (held_.size() == kSessions) held_.erase(held_.begin());
    held_.push_back({key, std::move(*session), warmUpTextPath});
    return held_.back().session.get();
  }

  struct Standby {
    pid_t pid = -1;
    int channel = -1;  // takes the request's connection, then the request
    int done = -1;     // its report
    std::string key;   // its session's
  };

  struct Held {
    std::string key;
    std::unique_ptr<WarmSession> session;
    std::string warmUpTextPath;  // where its warm-up's text is kept for the next session
    std::string lastFile, lastText;  // of its last request that could move its prefix (firstChange)
  };

  SourceFilter filter_;
  std::vector<Held> held_;
  Standby standby_;
  std::set<std::string> neverWarm_;  // sessions whose warm-up changed the index
  std::set<std::string> triedWithoutErrors_;  // sessions a text with errors tried to warm up
  std::set<std::string> noPrefix_;  // sessions whose prefix changed the index
};

// The server's socket and directory, for the host to remove when the
// server dies without stopping it (killed by a signal). Set before the
// signal can come; the handler may only call async-signal-safe functions.
char socketPathToRemove[sizeof(sockaddr_un::sun_path)];
char directoryToRemove[sizeof(sockaddr_un::sun_path)];

extern "C" void removeSocketAndExit(int) {
  ::unlink(socketPathToRemove);
  ::rmdir(directoryToRemove);
  ::_exit(1);
}

// In the host: SIGTERM comes when the server dies (PR_SET_PDEATHSIG) and
// removes what the server would have removed.
void removeSocketWhenTheServerDies(const std::string &dir, pid_t server) {
  std::strncpy(socketPathToRemove, socketAddress(dir).sun_path, sizeof socketPathToRemove - 1);
  std::strncpy(directoryToRemove, dir.c_str(), sizeof directoryToRemove - 1);
  struct sigaction action {};
  action.sa_handler = removeSocketAndExit;
  ::sigaction(SIGTERM, &action, nullptr);
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != server) removeSocketAndExit(0);
}

[[noreturn]] void serve(int listening) {
  Sessions sessions;
  for (;;) {
    int connection = ::accept4(listening, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      ::_exit(1);
    }
    // A worker that goes away ends its connection: nothing to answer.
    if (std::optional<Json> request = readMessage(connection, -1)) {
      std::optional<WarmRequest> r;
      try {
        r = fromJson(*request);
      } catch (const Json::exception &) {
        sendMessage(connection, nullptr);
      }
      // Done with it, the session warmed up if this request warmed it.
      if (!r || !sessions.answer(*r, connection)) sendMessage(connection, Json{{"ready", true}});
    }
    ::close(connection);
    sessions.prepareStandby();
  }
}

}  // namespace

ParseHost::~ParseHost() { stop(); }

bool ParseHost::ensureRunning() {
  if (pid_ > 0 && ::waitpid(pid_, nullptr, WNOHANG) == 0) return true;
  stop();
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("nnlint-parse", dir)) return false;
  dir_ = std::string(dir);
  if (::chmod(dir_.c_str(), 0700) != 0) {  // ours alone: whoever reaches the socket has the host parse for it
    stop();
    return false;
  }
  int listening = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un address = socketAddress(dir_);
  if (listening < 0 || ::bind(listening, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 ||
      ::listen(listening, 8) != 0) {
    if (listening >= 0) ::close(listening);
    stop();
    return false;
  }
  const pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid == 0) {
    removeSocketWhenTheServerDies(dir_, parent);
    // The client's input and output belong to the server.
    ::close(STDIN_FILENO);
    ::close_range(3, listening - 1, 0);
    ::close_range(listening + 1, ~0U, 0);
    serve(listening);
  }
  ::close(listening);
  if (pid < 0) {
    stop();
    return false;
  }
  pid_ = pid;
  return true;
}

std::optional<FileResult> ParseHost::parse(const WarmRequest &request) const {
  if (pid_ <= 0) return std::nullopt;
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return std::nullopt;
  sockaddr_un address = socketAddress(dir_);
  std::optional<Json> reply;
  bool timedOut = false;
  auto isReady = [](const Json &message) { return message.is_object() && message.contains("ready"); };
  if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0 &&
      sendMessage(fd, toJson(request))) {
    reply = readMessage(fd, kReplyTimeoutMs, &timedOut);
    // An answer is followed by "ready" once the host is done with the
    // request: a session that the answer's text warms up is warm by then, so
    // the edit after these diagnostics, the first after opening included,
    // is parsed warm. A warm-up that takes longer is not waited for.
    if (reply && !reply->is_null() && !isReady(*reply)) (void)readMessage(fd, kReplyTimeoutMs);
  }
  ::close(fd);
  // A host that does not answer is stuck: the server starts another.
  if (timedOut) ::kill(pid_, SIGKILL);
  if (!reply || reply->is_null() || isReady(*reply)) return std::nullopt;
  try {
    return fileResultFromJson(*reply);
  } catch (const Json::exception &) {
    return std::nullopt;
  }
}

void ParseHost::stop() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
  if (!dir_.empty()) {
    ::unlink(socketAddress(dir_).sun_path);
    ::rmdir(dir_.c_str());
  }
  dir_.clear();
}

}  // namespace nnlint::lsp
