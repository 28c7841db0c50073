// The build lock of a cache entry (parse/FileStore.h): a process that needs
// a block another process is building waits for that build.
#include "parse/FileStore.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

using namespace nnlint;

namespace {

// A child process that holds the lock at `path` for `ms`; its pid, once it holds it.
pid_t holdLockFor(const std::string &path, int ms) {
  int ready[2];
  if (::pipe(ready) != 0) return -1;
  pid_t pid = ::fork();
  if (pid == 0) {
    FileLock lock(path);
    char held = lock.held() ? 1 : 0;
    (void)!::write(ready[1], &held, 1);
    ::usleep(ms * 1000);
    ::_exit(0);
  }
  char held = 0;
  (void)!::read(ready[0], &held, 1);
  ::close(ready[0]);
  ::close(ready[1]);
  return held ? pid : -1;
}

std::string lockPath() {
  llvm::SmallString<128> path;
  llvm::sys::fs::createTemporaryFile("nnlint-lock", "lock", path);
  return std::string(path);
}

}  // namespace

TEST(FileLock, WaitsForTheHolder) {
  std::string path = lockPath();
  pid_t holder = holdLockFor(path, 300);
  ASSERT_GT(holder, 0);
  EXPECT_FALSE(FileLock(path).held());  // no wait: another process holds it
  EXPECT_TRUE(FileLock(path, 10000).held());
  ::waitpid(holder, nullptr, 0);
  llvm::sys::fs::remove(path);
}

TEST(FileLock, GivesUpAfterItsWait) {
  std::string path = lockPath();
  pid_t holder = holdLockFor(path, 3000);
  ASSERT_GT(holder, 0);
  EXPECT_FALSE(FileLock(path, 100).held());
  ::kill(holder, SIGKILL);  // a killed holder lets it go
  ::waitpid(holder, nullptr, 0);
  EXPECT_TRUE(FileLock(path, 1000).held());
  llvm::sys::fs::remove(path);
}
