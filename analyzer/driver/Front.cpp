// nnlint: the command a user runs. It answers a rerun whose inputs have not
// changed from the record of the run before (replay/ReplayRecord.h), in about
// a millisecond; anything else it hands to the analyzer, nnlint-analyzer
// beside it (driver/Main.cpp), which takes 4 ms just to start: Clang and
// LLVM are linked into it.
//
// A command that may be answered again (replay/Invocation.h) runs the
// analyzer with its standard output and error passed on through pipes, keeps
// both, and records them with the state of every path the analyzer says it
// looked at ($NNLINT_REPLAY_INPUTS, written at the end of a whole run).
// Every other command becomes the analyzer (exec), so the language server
// and terminal runs see no front. NNLINT_NO_REPLAY=1 still records, but
// never answers from a record.
#include "base/CacheLog.h"
#include "base/ExitCode.h"
#include "base/WriteAll.h"
#include "replay/Invocation.h"
#include "replay/ReplayRecord.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

extern char **environ;

namespace {

using namespace nnlint::replay;
using nnlint::kExitError;
using nnlint::writeAll;

constexpr size_t kLargestRecorded = 64 << 20;  // larger answers are passed on, not kept

// Beside this executable; without /proc, beside the path it was started by
// (or on PATH: execvp() looks a bare name up there).
std::string analyzerPath(const char *argv0) {
  char self[4096];
  ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  std::string path = n > 0 ? std::string(self, n) : std::string(argv0);
  return path.substr(0, path.rfind('/') + 1) + "nnlint-analyzer";
}

int execAnalyzer(const std::string &analyzer, char **argv) {
  ::execvp(analyzer.c_str(), argv);
  std::fprintf(stderr, "nnlint: error: %s: cannot run the analyzer: %s\n", analyzer.c_str(), std::strerror(errno));
  return kExitError;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return in ? text.str() : std::string();
}

// Writes the whole file or nothing: a temporary file renamed over it.
void writeAtomically(const std::string &path, const std::string &text) {
  std::string tmp = path + ".tmp" + std::to_string(::getpid());
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return;
  bool ok = writeAll(fd, text.data(), text.size());
  ok = ::close(fd) == 0 && ok;
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) ::unlink(tmp.c_str());
}

int reportOutputError() {
  std::fprintf(stderr, "nnlint: error: standard output: cannot write: %s\n", std::strerror(errno));
  return kExitError;
}

// Answers from the record; nullopt when it does not answer.
std::optional<int> answerFromRecord(const Invocation &inv) {
  if (const char *off = std::getenv("NNLINT_NO_REPLAY"); off && *off && std::string(off) != "0") return std::nullopt;
  std::optional<Record> record = parseRecord(readFile(inv.recordPath));
  if (!record || record->key != inv.key || !unchanged(*record)) return std::nullopt;
  ::utimensat(AT_FDCWD, inv.recordPath.c_str(), nullptr, 0);  // recently used, for the cache bound
  nnlint::logPath("replayed", inv.recordPath);
  if (!writeAll(STDOUT_FILENO, record->out.data(), record->out.size())) return reportOutputError();
  writeAll(STDERR_FILENO, record->err.data(), record->err.size());
  return record->exitCode;
}

pid_t analyzerPid = 0;

void passSignalOn(int sig) {
  if (analyzerPid > 0) {
    ::kill(analyzerPid, sig);
    return;
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

struct Outcome {
  int status = 0;  // waitpid's
  std::string out, err;
  bool kept = true;  // both outputs kept whole
  bool outputFailed = false;
  int outputErrno = 0;
};

// Runs the analyzer with pipes for standard output and error (one pipe for both
// with `oneStream`), passing what comes on as it comes.
std::optional<Outcome> runCaptured(const std::string &analyzer, char **argv, const std::string &inputsFile,
                                   bool oneStream) {
  int outPipe[2], errPipe[2];
  if (::pipe2(outPipe, O_CLOEXEC) != 0) return std::nullopt;
  if (::pipe2(errPipe, O_CLOEXEC) != 0) {
    ::close(outPipe[0]);
    ::close(outPipe[1]);
    return std::nullopt;
  }
  // Signals that stop a run are passed on to the analyzer; one the front was
  // told to ignore (nohup) stays ignored by both.
  const int stopping[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  for (int sig : stopping)
    if (::signal(sig, passSignalOn) == SIG_IGN) ::signal(sig, SIG_IGN);
  pid_t front = ::getpid();
  analyzerPid = ::fork();
  if (analyzerPid == 0) {
    // A front killed outright (SIGKILL) takes the analyzer with it, as
    // killing the analyzer itself did; the analyzer's workers go with it.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != front) ::_exit(kExitError);
    ::dup2(outPipe[1], STDOUT_FILENO);
    ::dup2(oneStream ? outPipe[1] : errPipe[1], STDERR_FILENO);
    ::setenv("NNLINT_REPLAY_INPUTS", inputsFile.c_str(), 1);  // exec sets caught signals back to their default
    ::execvp(analyzer.c_str(), argv);
    std::fprintf(stderr, "nnlint: error: %s: cannot run the analyzer: %s\n", analyzer.c_str(), std::strerror(errno));
    ::_exit(kExitError);
  }
  ::close(outPipe[1]);
  ::close(errPipe[1]);
  if (analyzerPid < 0) {
    ::close(outPipe[0]);
    ::close(errPipe[0]);
    return std::nullopt;
  }
  Outcome o;
  struct pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  std::string *kept[2] = {&o.out, &o.err};
  int open = 2;
  char buf[65536];
  while (open > 0) {
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = ::read(fds[k].fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ::close(fds[k].fd);
        fds[k].fd = -1;
        --open;
        continue;
      }
      int to = k == 0 ? STDOUT_FILENO : STDERR_FILENO;
      if (!writeAll(to, buf, n) && k == 0 && !o.outputFailed) {
        o.outputFailed = true;
        o.outputErrno = errno;
      }
      if (kept[k]->size() + n > kLargestRecorded) o.kept = false;
      if (o.kept) kept[k]->append(buf, n);
    }
  }
  while (::waitpid(analyzerPid, &o.status, 0) < 0 && errno == EINTR) {
  }
  return o;
}

// The paths the analyzer listed, one per line; nullopt when it listed none.
std::optional<std::vector<PathState>> listedPaths(const std::string &inputsFile) {
  std::ifstream in(inputsFile, std::ios::binary);
  if (!in) return std::nullopt;
  std::vector<PathState> paths;
  for (std::string line; std::getline(in, line);) paths.push_back(stateOf(line));
  return paths;
}

int64_t nowNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

int main(int argc, char **argv) {
  std::string analyzer = analyzerPath(argv[0]);
  std::optional<Invocation> inv = replayable(argc, argv, environ, analyzer, STDOUT_FILENO, STDERR_FILENO);
  if (!inv) return execAnalyzer(analyzer, argv);
  if (std::optional<int> answered = answerFromRecord(*inv)) return *answered;

  int64_t started = nowNanoseconds();
  std::string replayDir = inv->recordPath.substr(0, inv->recordPath.rfind('/'));
  ::mkdir(replayDir.substr(0, replayDir.rfind('/')).c_str(), 0755);
  ::mkdir(replayDir.c_str(), 0755);
  std::string inputsFile = inv->recordPath + ".inputs" + std::to_string(::getpid());
  std::optional<Outcome> run = runCaptured(analyzer, argv, inputsFile, inv->oneStream);
  if (!run) return execAnalyzer(analyzer, argv);
  std::optional<std::vector<PathState>> paths = listedPaths(inputsFile);
  ::unlink(inputsFile.c_str());
  if (run->outputFailed) {
    errno = run->outputErrno;
    return reportOutputError();
  }
  if (WIFSIGNALED(run->status)) {
    ::signal(WTERMSIG(run->status), SIG_DFL);
    ::raise(WTERMSIG(run->status));
    return 128 + WTERMSIG(run->status);
  }
  int code = WIFEXITED(run->status) ? WEXITSTATUS(run->status) : kExitError;
  // A second before the run: a file changed then could change again with the same times.
  constexpr int64_t kClockGrain = 1000000000;
  // Exit code 2 too: a file that could not be analysed is reported again while it is as it was (a
  // parse that crashed lists no inputs, base/InputLog.h); a run stopped before the end lists none.
  if (code <= kExitError && run->kept && paths && settledBefore(*paths, started - kClockGrain))
    writeAtomically(inv->recordPath, serialize({inv->key, code, std::move(*paths), run->out, run->err}));
  return code;
}
